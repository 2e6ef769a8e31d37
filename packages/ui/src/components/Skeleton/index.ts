export { Skeleton, SkeletonGroup, skeletonGroupGaps, skeletonShapes } from './Skeleton';
export type {
  SkeletonGroupGap,
  SkeletonGroupProps,
  SkeletonLength,
  SkeletonProps,
  SkeletonShape,
} from './Skeleton';
