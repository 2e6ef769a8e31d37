import { createElement, forwardRef, useId, type ReactNode } from 'react';
import type { CommonProps, LabellingProps } from '../private/commonProps';
import * as styles from './Card.css';

export const cardPaddings = ['none', 'sm', 'md', 'lg'] as const;
export const cardElements = ['div', 'section', 'article', 'li'] as const;
export const cardHeadingLevels = [2, 3, 4, 5, 6] as const;
export type CardPadding = (typeof cardPaddings)[number];
export type CardElement = (typeof cardElements)[number];
export type CardHeadingLevel = (typeof cardHeadingLevels)[number];

/** Closed: the card's own props, an id, a test id and its accessible name (see private/commonProps.ts). */
export interface CardProps extends CommonProps, LabellingProps {
  /** The element to render; a `section` or `article` with a title is named by that title. */
  as?: CardElement;
  padding?: CardPadding;
  title?: ReactNode;
  /** The title's heading level, to fit the page outline; 3 by default. */
  headingLevel?: CardHeadingLevel;
  /** A line under the title. */
  description?: ReactNode;
  /** Extra header content at the end of the title row: a badge, a menu, an action. */
  header?: ReactNode;
  /** Actions along the bottom edge, separated by a rule. */
  footer?: ReactNode;
  /**
   * Hover and focus-within highlight, for a card that acts as one target. Put a real link or
   * button inside for keyboard and screen reader users.
   */
  interactive?: boolean;
  children?: ReactNode;
}

/** A raised surface grouping related content, with optional title, header extras and footer. */
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  {
    as = 'div',
    padding = 'md',
    title,
    headingLevel = 3,
    description,
    header,
    footer,
    interactive = false,
    children,
    ...rest
  },
  ref,
) {
  const titleId = useId();
  const hasHeader = title !== undefined || description !== undefined || header !== undefined;
  const isLandmark = as === 'section' || as === 'article';
  const labelledBy = isLandmark && title !== undefined && !rest['aria-label'] ? titleId : undefined;
  const Heading = `h${headingLevel}` as const;

  return createElement(
    as,
    {
      ref,
      'aria-labelledby': labelledBy,
      ...rest,
      className: styles.card({ padding, interactive }),
    },
    hasHeader ? (
      <div className={styles.header}>
        {title !== undefined || description !== undefined ? (
          <div className={styles.headings}>
            {title !== undefined ? (
              <Heading id={titleId} className={styles.title}>
                {title}
              </Heading>
            ) : null}
            {description !== undefined ? <p className={styles.description}>{description}</p> : null}
          </div>
        ) : null}
        {header !== undefined ? <div className={styles.headerExtra}>{header}</div> : null}
      </div>
    ) : null,
    children !== undefined ? <div className={styles.body}>{children}</div> : null,
    footer !== undefined ? <div className={styles.footer}>{footer}</div> : null,
  );
});
