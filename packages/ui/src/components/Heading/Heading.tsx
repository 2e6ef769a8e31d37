import { clsx } from 'clsx';
import { createElement, forwardRef, type ReactNode } from 'react';
import { lineClamp, type MaxLines } from '../private/lineClamp.css';
import type { CommonProps } from '../private/commonProps';
import { text, textTones, type textAligns } from '../Text/Text.css';
import { heading } from './Heading.css';

export const headingLevels = [1, 2, 3, 4] as const;
export const headingElements = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export const headingTones = textTones;
export type HeadingLevel = (typeof headingLevels)[number];
export type HeadingElement = (typeof headingElements)[number];
export type HeadingTone = (typeof headingTones)[number];
export type HeadingAlign = (typeof textAligns)[number];

/** Closed: the heading's own props, an id and a test id (see private/commonProps.ts). */
export interface HeadingProps extends CommonProps {
  /** The visual step, 1 (a page's title) to 4 (a list's title); also the element by default. */
  level: HeadingLevel;
  /**
   * The element, when the page outline needs another level than the look: a gallery's `h2`
   * drawn at level 3, say. `h{level}` by default.
   */
  as?: HeadingElement;
  /** `neutral` (primary text) by default. */
  tone?: HeadingTone;
  align?: HeadingAlign;
  /** Cuts the heading after this many lines with an ellipsis. */
  maxLines?: MaxLines;
  children?: ReactNode;
}

/**
 * A heading of the type scale. Its look (`level`) and its place in the page outline (`as`) are
 * chosen apart, as Braid's are, so a section can keep its outline level and still look smaller.
 */
export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(function Heading(
  { level, as, tone = 'neutral', align, maxLines, children, ...rest },
  ref,
) {
  return createElement(
    as ?? `h${level}`,
    {
      ref,
      ...rest,
      className: clsx(
        heading({ level }),
        text({ tone, align }),
        maxLines === undefined ? undefined : lineClamp[maxLines],
      ),
    },
    children,
  );
});
