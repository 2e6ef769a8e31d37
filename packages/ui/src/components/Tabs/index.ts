export { Tabs, tabsVariants } from './Tabs';
export type {
  TabsContentProps,
  TabsListProps,
  TabsRootProps,
  TabsTriggerProps,
  TabsVariant,
} from './Tabs';
