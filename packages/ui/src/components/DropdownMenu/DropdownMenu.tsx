import * as Menu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import * as styles from './DropdownMenu.css';

export type DropdownMenuRootProps = ComponentPropsWithoutRef<typeof Menu.Root>;
export type DropdownMenuTriggerProps = ComponentPropsWithoutRef<typeof Menu.Trigger>;
export type DropdownMenuContentProps = ComponentPropsWithoutRef<typeof Menu.Content>;
export type DropdownMenuGroupProps = ComponentPropsWithoutRef<typeof Menu.Group>;
export type DropdownMenuLabelProps = ComponentPropsWithoutRef<typeof Menu.Label>;
export type DropdownMenuSeparatorProps = ComponentPropsWithoutRef<typeof Menu.Separator>;
export type DropdownMenuRadioGroupProps = ComponentPropsWithoutRef<typeof Menu.RadioGroup>;

interface ItemExtras {
  /** A decorative icon, emoji flag or symbol before the label. */
  icon?: ReactNode;
  /** Secondary text under the label; announced as the item's description. */
  description?: ReactNode;
}

export type DropdownMenuItemProps = ComponentPropsWithoutRef<typeof Menu.Item> & ItemExtras;
export type DropdownMenuCheckboxItemProps = ComponentPropsWithoutRef<typeof Menu.CheckboxItem> &
  ItemExtras;
export type DropdownMenuRadioItemProps = ComponentPropsWithoutRef<typeof Menu.RadioItem> &
  ItemExtras;

/**
 * Non-modal by default: the page behind is neither hidden from screen readers nor scroll-locked
 * (a header menu should not make the scrollbar jump). Focus still moves into the menu, Tab and
 * Escape close it and focus returns to the trigger.
 */
function DropdownMenuRoot({ modal = false, ...rest }: DropdownMenuRootProps) {
  return <Menu.Root modal={modal} {...rest} />;
}

/** Opens the menu on click, Enter, Space or ArrowDown; use `asChild` around your own Button. */
const DropdownMenuTrigger = forwardRef<HTMLButtonElement, DropdownMenuTriggerProps>(
  function DropdownMenuTrigger(props, ref) {
    return <Menu.Trigger ref={ref} {...props} />;
  },
);

const DropdownMenuContent = forwardRef<HTMLDivElement, DropdownMenuContentProps>(
  function DropdownMenuContent(
    { className, sideOffset = 6, collisionPadding = 8, loop = true, ...rest },
    ref,
  ) {
    return (
      <Menu.Portal>
        <Menu.Content
          ref={ref}
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          // Arrow keys wrap from the last item to the first, as in native menus.
          loop={loop}
          className={clsx(styles.content, className)}
          {...rest}
        />
      </Menu.Portal>
    );
  },
);

/**
 * Label, description and icon laid out the same way for every kind of item. The item is named by
 * its label alone (from content) and described by its description: the visible description is
 * aria-hidden so it is not read twice, and aria-describedby still reaches it.
 */
function useItemBody({ icon, description, children }: ItemExtras & { children?: ReactNode }) {
  const descriptionId = useId();
  const a11y = description != null ? { 'aria-describedby': descriptionId } : {};
  // Typeahead matches the label, not a leading flag emoji or the description.
  const textValue = typeof children === 'string' ? children : undefined;
  const body = (
    <>
      {icon != null ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.text}>
        <span>{children}</span>
        {description != null ? (
          <span id={descriptionId} aria-hidden="true" className={styles.description}>
            {description}
          </span>
        ) : null}
      </span>
    </>
  );
  return { a11y, textValue, body };
}

const DropdownMenuItem = forwardRef<HTMLDivElement, DropdownMenuItemProps>(
  function DropdownMenuItem({ icon, description, children, className, ...rest }, ref) {
    const { a11y, textValue, body } = useItemBody({ icon, description, children });
    return (
      <Menu.Item
        ref={ref}
        textValue={textValue}
        className={clsx(styles.item, className)}
        {...a11y}
        {...rest}
      >
        {body}
      </Menu.Item>
    );
  },
);

const DropdownMenuCheckboxItem = forwardRef<HTMLDivElement, DropdownMenuCheckboxItemProps>(
  function DropdownMenuCheckboxItem({ icon, description, children, className, ...rest }, ref) {
    const { a11y, textValue, body } = useItemBody({ icon, description, children });
    return (
      <Menu.CheckboxItem
        ref={ref}
        textValue={textValue}
        className={clsx(styles.item, styles.itemWithIndicator, className)}
        {...a11y}
        {...rest}
      >
        <Menu.ItemIndicator className={styles.indicator}>
          <Check size={16} strokeWidth={2.5} aria-hidden="true" />
        </Menu.ItemIndicator>
        {body}
      </Menu.CheckboxItem>
    );
  },
);

function DropdownMenuRadioGroup(props: DropdownMenuRadioGroupProps) {
  return <Menu.RadioGroup {...props} />;
}

const DropdownMenuRadioItem = forwardRef<HTMLDivElement, DropdownMenuRadioItemProps>(
  function DropdownMenuRadioItem({ icon, description, children, className, ...rest }, ref) {
    const { a11y, textValue, body } = useItemBody({ icon, description, children });
    return (
      <Menu.RadioItem
        ref={ref}
        textValue={textValue}
        className={clsx(styles.item, styles.itemWithIndicator, className)}
        {...a11y}
        {...rest}
      >
        <Menu.ItemIndicator className={styles.indicator}>
          <Check size={16} strokeWidth={2.5} aria-hidden="true" />
        </Menu.ItemIndicator>
        {body}
      </Menu.RadioItem>
    );
  },
);

/** A heading for the items that follow it (not focusable). */
const DropdownMenuLabel = forwardRef<HTMLDivElement, DropdownMenuLabelProps>(
  function DropdownMenuLabel({ className, ...rest }, ref) {
    return <Menu.Label ref={ref} className={clsx(styles.label, className)} {...rest} />;
  },
);

const DropdownMenuSeparator = forwardRef<HTMLDivElement, DropdownMenuSeparatorProps>(
  function DropdownMenuSeparator({ className, ...rest }, ref) {
    return <Menu.Separator ref={ref} className={clsx(styles.separator, className)} {...rest} />;
  },
);

const DropdownMenuGroup = forwardRef<HTMLDivElement, DropdownMenuGroupProps>(
  function DropdownMenuGroup(props, ref) {
    return <Menu.Group ref={ref} {...props} />;
  },
);

/**
 * A menu of actions or choices (Radix DropdownMenu): arrow keys move, typing jumps to an item,
 * Escape closes and returns focus to the trigger.
 *
 * ```tsx
 * <DropdownMenu.Root>
 *   <DropdownMenu.Trigger asChild><Button>Account</Button></DropdownMenu.Trigger>
 *   <DropdownMenu.Content align="end">
 *     <DropdownMenu.Item icon={<User size={16} />} onSelect={openProfile}>Profile</DropdownMenu.Item>
 *   </DropdownMenu.Content>
 * </DropdownMenu.Root>
 * ```
 */
export const DropdownMenu = {
  Root: DropdownMenuRoot,
  Trigger: DropdownMenuTrigger,
  Content: DropdownMenuContent,
  Item: DropdownMenuItem,
  CheckboxItem: DropdownMenuCheckboxItem,
  RadioGroup: DropdownMenuRadioGroup,
  RadioItem: DropdownMenuRadioItem,
  Label: DropdownMenuLabel,
  Separator: DropdownMenuSeparator,
  Group: DropdownMenuGroup,
};
