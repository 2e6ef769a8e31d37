import * as RadixTabs from '@radix-ui/react-tabs';
import {
  createContext,
  forwardRef,
  useContext,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react';
import type { CommonProps } from '../private/commonProps';
import * as styles from './Tabs.css';

export const tabsVariants = ['underline', 'pill'] as const;
export type TabsVariant = (typeof tabsVariants)[number];

type RadixProps<T extends 'Root' | 'List' | 'Trigger' | 'Content'> = ComponentPropsWithoutRef<
  (typeof RadixTabs)[T]
>;

/** Closed (see private/commonProps.ts): the selection, its change, and the parts as children. */
export interface TabsRootProps
  extends
    CommonProps,
    Pick<
      RadixProps<'Root'>,
      'value' | 'defaultValue' | 'onValueChange' | 'orientation' | 'activationMode'
    > {
  children?: ReactNode;
}

/** Closed (see private/commonProps.ts). */
export interface TabsListProps extends CommonProps, Pick<RadixProps<'List'>, 'loop'> {
  children?: ReactNode;
  /** Required: names the tab list for screen readers ("Sign-in method", say). */
  'aria-label': string;
  variant?: TabsVariant;
  /** Stretch the tabs to share the full width (the login modal's Login / Register). */
  fullWidth?: boolean;
}

/** Closed (see private/commonProps.ts). */
export interface TabsTriggerProps
  extends CommonProps, Pick<RadixProps<'Trigger'>, 'value' | 'disabled'> {
  children?: ReactNode;
  /** A decorative icon before the label. */
  icon?: ReactNode;
}

/** Closed (see private/commonProps.ts); lay its children out with Stack or Inline. */
export interface TabsContentProps
  extends CommonProps, Pick<RadixProps<'Content'>, 'value' | 'forceMount'> {
  children?: ReactNode;
}

const ListStyleContext = createContext<{ variant: TabsVariant; fullWidth: boolean }>({
  variant: 'underline',
  fullWidth: false,
});

/** Holds the selected tab: `value`/`onValueChange` (controlled) or `defaultValue`. */
const TabsRoot = forwardRef<HTMLDivElement, TabsRootProps>(function TabsRoot(props, ref) {
  return <RadixTabs.Root ref={ref} className={styles.root} {...props} />;
});

const TabsList = forwardRef<HTMLDivElement, TabsListProps>(function TabsList(
  { variant = 'underline', fullWidth = false, ...rest },
  ref,
) {
  return (
    <ListStyleContext.Provider value={{ variant, fullWidth }}>
      <RadixTabs.List ref={ref} className={styles.list({ variant, fullWidth })} {...rest} />
    </ListStyleContext.Provider>
  );
});

const TabsTrigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(function TabsTrigger(
  { icon, children, ...rest },
  ref,
) {
  const { variant, fullWidth } = useContext(ListStyleContext);
  return (
    <RadixTabs.Trigger ref={ref} className={styles.trigger({ variant, fullWidth })} {...rest}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </RadixTabs.Trigger>
  );
});

const TabsContent = forwardRef<HTMLDivElement, TabsContentProps>(function TabsContent(props, ref) {
  return <RadixTabs.Content ref={ref} className={styles.content} {...props} />;
});

/**
 * Tabs (Radix): arrow keys move between tabs, Home/End jump, the panel follows the selection.
 *
 * ```tsx
 * <Tabs.Root defaultValue="login">
 *   <Tabs.List aria-label="Account" fullWidth>
 *     <Tabs.Trigger value="login">Login</Tabs.Trigger>
 *     <Tabs.Trigger value="register">Register</Tabs.Trigger>
 *   </Tabs.List>
 *   <Tabs.Content value="login">…</Tabs.Content>
 *   <Tabs.Content value="register">…</Tabs.Content>
 * </Tabs.Root>
 * ```
 */
export const Tabs = {
  Root: TabsRoot,
  List: TabsList,
  Trigger: TabsTrigger,
  Content: TabsContent,
};
