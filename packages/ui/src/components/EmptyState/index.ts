export { EmptyState, emptyStateHeadingLevels } from './EmptyState';
export type { EmptyStateHeadingLevel, EmptyStateProps } from './EmptyState';
