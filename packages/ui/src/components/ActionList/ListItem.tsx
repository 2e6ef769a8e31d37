import { clsx } from 'clsx';
import { createElement, forwardRef, type ReactNode, type Ref } from 'react';
import type { CommonProps } from '../private/commonProps';
import { lineClamp } from '../private/lineClamp.css';
import { Text } from '../Text/Text';
import { text } from '../Text/Text.css';
import { useActionListVariant } from './ActionList';
import * as styles from './ActionList.css';

/** Closed: the row's own props, an id and a test id (see private/commonProps.ts). */
export interface ListItemProps extends CommonProps {
  title?: ReactNode;
  /** Secondary text under the title: a date, a preview, a device's details. */
  description?: ReactNode;
  /** A status beside the title (a Badge). */
  badge?: ReactNode;
  /** An icon or an Avatar before the text. */
  leading?: ReactNode;
  /** The row's actions at its end: buttons, a DropdownMenu's trigger. */
  trailing?: ReactNode;
  /** Keeps the title and the description to one line each, cut with an ellipsis. */
  truncate?: boolean;
  /** Makes the main part a button that selects the row (opens its conversation, say). */
  onSelect?: () => void;
  /** The row shown now (the open conversation): tinted, and `aria-current="page"`. */
  current?: boolean;
  /** The select button, to give it the keyboard back (after renaming in place, say). */
  selectRef?: Ref<HTMLButtonElement>;
  /** Content in place of the leading slot, title and description: an inline rename form. */
  children?: ReactNode;
}

/**
 * One row of an ActionList: a leading icon or avatar, a title with its badge, secondary text and
 * trailing actions. With `onSelect` the main part is one button (its name is the title and the
 * description), so the row is one Tab stop plus one per action.
 */
export const ListItem = forwardRef<HTMLLIElement, ListItemProps>(function ListItem(
  {
    title,
    description,
    badge,
    leading,
    trailing,
    truncate = false,
    onSelect,
    current = false,
    selectRef,
    children,
    ...common
  },
  ref,
) {
  const variant = useActionListVariant();
  const selectable = onSelect !== undefined && children === undefined;
  // A button holds phrasing content only: spans inside it, blocks (a list of details) elsewhere.
  const block = selectable ? 'span' : 'div';

  const content = (
    <>
      {leading !== undefined ? <span className={styles.leading}>{leading}</span> : null}
      {createElement(
        block,
        { className: styles.texts },
        // The badge sits in the title's own element, so the title reads with its status.
        <span
          className={clsx(
            text({ size: 'md', tone: 'neutral', weight: 'medium' }),
            styles.titleRow,
            truncate && styles.titleRowTruncated,
          )}
        >
          {truncate ? <span className={lineClamp[1]}>{title}</span> : title}
          {badge}
        </span>,
        description !== undefined ? (
          <Text
            as={block}
            size={variant === 'plain' ? 'xs' : 'sm'}
            tone="secondary"
            maxLines={truncate ? 1 : undefined}
          >
            {description}
          </Text>
        ) : null,
      )}
    </>
  );

  return (
    <li
      ref={ref}
      aria-current={current && !selectable ? 'true' : undefined}
      {...common}
      className={styles.row({ variant, selectable, current })}
    >
      {children !== undefined ? (
        <div className={styles.custom}>{children}</div>
      ) : selectable ? (
        <button
          ref={selectRef}
          type="button"
          className={styles.main({ variant, selectable: true })}
          aria-current={current ? 'page' : undefined}
          onClick={onSelect}
        >
          {content}
        </button>
      ) : (
        <div className={styles.main({ variant, selectable: false })}>{content}</div>
      )}
      {trailing !== undefined ? <div className={styles.trailing}>{trailing}</div> : null}
    </li>
  );
});
