export { ActionList, actionListVariants } from './ActionList';
export type { ActionListProps, ActionListVariant } from './ActionList';
export { ListItem } from './ListItem';
export type { ListItemProps } from './ListItem';
