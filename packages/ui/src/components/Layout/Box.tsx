import { clsx } from 'clsx';
import { createElement, forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { sprinkles, type Sprinkles } from '../../theme/sprinkles.css';
import * as styles from './Layout.css';

/** The elements a Box may render: structural and text tags only (controls have their own components). */
export const boxElements = [
  'div',
  'span',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'ul',
  'ol',
  'li',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
] as const;
export type BoxElement = (typeof boxElements)[number];

/** Open on purpose, unlike the other components: the layout primitive (private/commonProps.ts). */
export interface BoxProps extends Sprinkles, Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> {
  /** The element to render; `div` by default. */
  as?: BoxElement;
  className?: string;
  children?: ReactNode;
}

/** Splits sprinkle props (turned into atomic classes) from the native props passed to the DOM. */
function splitSprinkleProps<P extends object>(props: P) {
  const atoms: Record<string, unknown> = {};
  const native: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) atoms[key] = value;
    else native[key] = value;
  }
  return { atoms: atoms as Sprinkles, native: native as Omit<P, keyof Sprinkles> };
}

/** A blank element styled only through the layout sprinkles (space, alignment, surface, text colour). */
export const Box = forwardRef<HTMLElement, BoxProps>(function Box(
  { as = 'div', className, children, ...props },
  ref,
) {
  const { atoms, native } = splitSprinkleProps(props);
  return createElement(
    as,
    { ref, className: clsx(styles.reset, sprinkles(atoms), className), ...native },
    children,
  );
});
