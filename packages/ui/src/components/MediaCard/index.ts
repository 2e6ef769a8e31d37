export {
  MediaCard,
  mediaAspectRatios,
  mediaCardElements,
  mediaCardHeadingLevels,
  mediaCardTitleLines,
  mediaFits,
} from './MediaCard';
export type {
  MediaAspectRatio,
  MediaCardDetail,
  MediaCardElement,
  MediaCardHeadingLevel,
  MediaCardOpenAction,
  MediaCardProps,
  MediaCardTitleLines,
  MediaFit,
} from './MediaCard';
