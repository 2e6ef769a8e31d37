export {
  PlanCard,
  planCardHeadingLevels,
  planCardSelectionModes,
  planCardVariants,
} from './PlanCard';
export type {
  PlanCardHeadingLevel,
  PlanCardProps,
  PlanCardSelectionMode,
  PlanCardVariant,
} from './PlanCard';
export { PlanCardGroup } from './PlanCardGroup';
export type { PlanCardGroupProps } from './PlanCardGroup';
