import * as RadixTabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import {
  createContext,
  forwardRef,
  useContext,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react';
import * as styles from './Tabs.css';

export const tabsVariants = ['underline', 'pill'] as const;
export type TabsVariant = (typeof tabsVariants)[number];

export type TabsRootProps = ComponentPropsWithoutRef<typeof RadixTabs.Root>;

export interface TabsListProps extends ComponentPropsWithoutRef<typeof RadixTabs.List> {
  /** Required: names the tab list for screen readers ("Sign-in method", say). */
  'aria-label': string;
  variant?: TabsVariant;
  /** Stretch the tabs to share the full width (the login modal's Login / Register). */
  fullWidth?: boolean;
}

export interface TabsTriggerProps extends ComponentPropsWithoutRef<typeof RadixTabs.Trigger> {
  /** A decorative icon before the label. */
  icon?: ReactNode;
}

export type TabsContentProps = ComponentPropsWithoutRef<typeof RadixTabs.Content>;

const ListStyleContext = createContext<{ variant: TabsVariant; fullWidth: boolean }>({
  variant: 'underline',
  fullWidth: false,
});

/** Holds the selected tab: `value`/`onValueChange` (controlled) or `defaultValue`. */
const TabsRoot = forwardRef<HTMLDivElement, TabsRootProps>(function TabsRoot(
  { className, ...rest },
  ref,
) {
  return <RadixTabs.Root ref={ref} className={clsx(styles.root, className)} {...rest} />;
});

const TabsList = forwardRef<HTMLDivElement, TabsListProps>(function TabsList(
  { variant = 'underline', fullWidth = false, className, ...rest },
  ref,
) {
  return (
    <ListStyleContext.Provider value={{ variant, fullWidth }}>
      <RadixTabs.List
        ref={ref}
        className={clsx(styles.list({ variant, fullWidth }), className)}
        {...rest}
      />
    </ListStyleContext.Provider>
  );
});

const TabsTrigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(function TabsTrigger(
  { icon, className, children, ...rest },
  ref,
) {
  const { variant, fullWidth } = useContext(ListStyleContext);
  return (
    <RadixTabs.Trigger
      ref={ref}
      className={clsx(styles.trigger({ variant, fullWidth }), className)}
      {...rest}
    >
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </RadixTabs.Trigger>
  );
});

const TabsContent = forwardRef<HTMLDivElement, TabsContentProps>(function TabsContent(
  { className, ...rest },
  ref,
) {
  return <RadixTabs.Content ref={ref} className={clsx(styles.content, className)} {...rest} />;
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
