import { createContext, forwardRef, useContext, type ReactNode } from 'react';
import type { CommonProps, LabellingProps } from '../private/commonProps';
import * as styles from './ActionList.css';

export const actionListVariants = ['plain', 'separated'] as const;
export type ActionListVariant = (typeof actionListVariants)[number];

const VariantContext = createContext<ActionListVariant>('plain');

/** The look of the list a ListItem is in. */
export function useActionListVariant() {
  return useContext(VariantContext);
}

/** Closed: the list's own props, an id, a test id and its name (see private/commonProps.ts). */
export interface ActionListProps extends CommonProps, LabellingProps {
  /**
   * `plain`: compact rows that light up under the pointer (a sidebar's conversations);
   * `separated`: outlined rows with room for their actions (shared links, signed-in devices).
   */
  variant?: ActionListVariant;
  /** The rows are being refreshed: assistive technology waits before reading them. */
  busy?: boolean;
  /** ListItems. */
  children?: ReactNode;
}

/**
 * A list of rows a person acts on, each a ListItem: its main part selects it, its trailing
 * actions do the rest. A list (not a listbox): each row's buttons are in the Tab order, as a
 * row holds several. It takes the keyboard itself (the ref's `focus()`) when the row that had
 * it goes away, so focus is never lost to the page's start.
 */
export const ActionList = forwardRef<HTMLUListElement, ActionListProps>(function ActionList(
  { variant = 'plain', busy, children, ...rest },
  ref,
) {
  return (
    <ul
      ref={ref}
      tabIndex={-1}
      aria-busy={busy || undefined}
      {...rest}
      className={styles.list({ variant })}
    >
      <VariantContext.Provider value={variant}>{children}</VariantContext.Provider>
    </ul>
  );
});
