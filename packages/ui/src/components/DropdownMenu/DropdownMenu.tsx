import * as Menu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { CommonProps, LabellingProps, NativeProps } from '../private/commonProps';
import * as styles from './DropdownMenu.css';

interface Parts {
  Root: typeof Menu.Root;
  Trigger: typeof Menu.Trigger;
  Content: typeof Menu.Content;
  Item: typeof Menu.Item;
  CheckboxItem: typeof Menu.CheckboxItem;
  RadioGroup: typeof Menu.RadioGroup;
  RadioItem: typeof Menu.RadioItem;
}
type RadixProps<T extends keyof Parts> = ComponentPropsWithoutRef<Parts[T]>;

/*
 * Closed (see private/commonProps.ts): each part takes the Radix props that are its behaviour
 * (open state, placement, selection, focus on close), its content and the common ids, never a
 * class or style. The trigger is a native button and takes a button's attributes.
 */
export interface DropdownMenuRootProps extends Pick<
  RadixProps<'Root'>,
  'open' | 'defaultOpen' | 'onOpenChange' | 'modal' | 'dir'
> {
  children?: ReactNode;
}
export type DropdownMenuTriggerProps = NativeProps<RadixProps<'Trigger'>>;
export interface DropdownMenuContentProps
  extends
    CommonProps,
    LabellingProps,
    Pick<
      RadixProps<'Content'>,
      | 'align'
      | 'alignOffset'
      | 'side'
      | 'sideOffset'
      | 'collisionPadding'
      | 'loop'
      | 'onCloseAutoFocus'
      | 'onEscapeKeyDown'
      | 'onInteractOutside'
    > {
  children?: ReactNode;
}
export interface DropdownMenuGroupProps extends CommonProps, LabellingProps {
  children?: ReactNode;
}
export interface DropdownMenuLabelProps extends CommonProps {
  children?: ReactNode;
}
export type DropdownMenuSeparatorProps = CommonProps;
export interface DropdownMenuRadioGroupProps
  extends CommonProps, LabellingProps, Pick<RadixProps<'RadioGroup'>, 'value' | 'onValueChange'> {
  children?: ReactNode;
}

interface ItemExtras extends CommonProps {
  /** A decorative icon, emoji flag or symbol before the label. */
  icon?: ReactNode;
  /** Secondary text under the label; announced as the item's description. */
  description?: ReactNode;
  /** The label's language, when it is not the page's (a language's own name). */
  lang?: string;
  children?: ReactNode;
}

type ItemBehaviour = 'disabled' | 'onSelect' | 'textValue';
export type DropdownMenuItemProps = Pick<RadixProps<'Item'>, ItemBehaviour> & ItemExtras;
export type DropdownMenuCheckboxItemProps = Pick<
  RadixProps<'CheckboxItem'>,
  ItemBehaviour | 'checked' | 'onCheckedChange'
> &
  ItemExtras;
export type DropdownMenuRadioItemProps = Pick<RadixProps<'RadioItem'>, ItemBehaviour | 'value'> &
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
    { sideOffset = 6, collisionPadding = 8, loop = true, ...rest },
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
          className={styles.content}
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
  function DropdownMenuItem({ icon, description, children, ...rest }, ref) {
    const { a11y, textValue, body } = useItemBody({ icon, description, children });
    return (
      <Menu.Item ref={ref} textValue={textValue} className={styles.item} {...a11y} {...rest}>
        {body}
      </Menu.Item>
    );
  },
);

const DropdownMenuCheckboxItem = forwardRef<HTMLDivElement, DropdownMenuCheckboxItemProps>(
  function DropdownMenuCheckboxItem({ icon, description, children, ...rest }, ref) {
    const { a11y, textValue, body } = useItemBody({ icon, description, children });
    return (
      <Menu.CheckboxItem
        ref={ref}
        textValue={textValue}
        className={clsx(styles.item, styles.itemWithIndicator)}
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
  function DropdownMenuRadioItem({ icon, description, children, ...rest }, ref) {
    const { a11y, textValue, body } = useItemBody({ icon, description, children });
    return (
      <Menu.RadioItem
        ref={ref}
        textValue={textValue}
        className={clsx(styles.item, styles.itemWithIndicator)}
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
  function DropdownMenuLabel(props, ref) {
    return <Menu.Label ref={ref} className={styles.label} {...props} />;
  },
);

const DropdownMenuSeparator = forwardRef<HTMLDivElement, DropdownMenuSeparatorProps>(
  function DropdownMenuSeparator(props, ref) {
    return <Menu.Separator ref={ref} className={styles.separator} {...props} />;
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
