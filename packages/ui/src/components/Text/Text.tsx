import { clsx } from 'clsx';
import { createElement, forwardRef, type ReactNode } from 'react';
import { lineClamp, type MaxLines } from '../private/lineClamp.css';
import type { CommonProps } from '../private/commonProps';
import { text, textAligns, textSizes, textTones, textWeights } from './Text.css';

export { textAligns, textSizes, textTones, textWeights };
export const textElements = ['span', 'p', 'div'] as const;
export const textRoles = ['alert', 'status'] as const;
export type TextSize = (typeof textSizes)[number];
export type TextTone = (typeof textTones)[number];
export type TextWeight = (typeof textWeights)[number];
export type TextAlign = (typeof textAligns)[number];
export type TextElement = (typeof textElements)[number];
export type TextRole = (typeof textRoles)[number];

/** Closed: the text's own props, an id and a test id (see private/commonProps.ts). */
export interface TextProps extends CommonProps {
  /** The element; `span` by default (`p` for a paragraph, `div` around a block of text). */
  as?: TextElement;
  /** A step of the type scale; `md` (the body size) by default. */
  size?: TextSize;
  /** What the text is for, as a theme role: `neutral` (primary text) by default. */
  tone?: TextTone;
  weight?: TextWeight;
  align?: TextAlign;
  /** Cuts the text after this many lines with an ellipsis (give the full text as `title`). */
  maxLines?: MaxLines;
  /** The full text as a tooltip, for a text that may be cut short. */
  title?: string;
  /** An error or a status announced as it appears. */
  role?: TextRole;
  children?: ReactNode;
}

/**
 * A run of text in a size, tone and weight of the type scale: a feature writes `<Text
 * tone="secondary" size="sm">` instead of a stylesheet of its own (Braid's Text). Headings are
 * the Heading component.
 */
export const Text = forwardRef<HTMLElement, TextProps>(function Text(
  {
    as = 'span',
    size = 'md',
    tone = 'neutral',
    weight = 'regular',
    align,
    maxLines,
    children,
    ...rest
  },
  ref,
) {
  return createElement(
    as,
    {
      ref,
      ...rest,
      className: clsx(
        text({ size, tone, weight, align }),
        maxLines === undefined ? undefined : lineClamp[maxLines],
      ),
    },
    children,
  );
});
