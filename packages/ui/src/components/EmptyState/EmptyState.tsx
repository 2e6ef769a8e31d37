import { forwardRef, type ReactNode } from 'react';
import type { CommonProps } from '../private/commonProps';
import * as styles from './EmptyState.css';

export const emptyStateHeadingLevels = [2, 3, 4, 5, 6] as const;
export type EmptyStateHeadingLevel = (typeof emptyStateHeadingLevels)[number];

/** Closed: the empty state's own props, an id and a test id (see private/commonProps.ts). */
export interface EmptyStateProps extends CommonProps {
  /** A decorative illustration or icon above the title. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** What the person can do next: usually one Button. */
  action?: ReactNode;
  /** The title's heading level, to fit the page outline; 2 by default. */
  headingLevel?: EmptyStateHeadingLevel;
  /** A dashed outline, for an empty area inside a card or list. */
  bordered?: boolean;
}

/** What an empty list or page shows instead of nothing, and what to do about it. */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  { icon, title, description, action, headingLevel = 2, bordered = false, ...common },
  ref,
) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div ref={ref} className={styles.root({ bordered })} {...common}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
});
