import type { AriaAttributes } from 'react';

/*
 * The props of a component are its public API, which products installing this package rely on,
 * so each component accepts a closed set (as Braid's do): its semantic props (variant, tone, size,
 * content slots), the events that make sense for it, and the attributes below. None takes
 * `className` or `style`: the design system owns the look, and a caller places a component with
 * Box, Stack and Inline or with a wrapper element of its own. A component that renders a native
 * control (Button, Link) also takes that element's own attributes, minus the look, because forms
 * and Radix `asChild` triggers set them on it. Box and the layouts built on it (Stack, Inline)
 * are the exception, as Braid's Box is: they are the primitive a caller builds layout with, so
 * they take an element's attributes.
 */

/** What every component accepts besides its own props. */
export interface CommonProps {
  id?: string;
  /** For a test that has no role or name to find the element by. */
  'data-testid'?: string;
}

/** Naming and describing an element for assistive technology. */
export type LabellingProps = Pick<
  AriaAttributes,
  'aria-label' | 'aria-labelledby' | 'aria-describedby'
>;

/** A native element's attributes without the look (see the rule above). */
export type NativeProps<TAttributes> = Omit<TAttributes, 'className' | 'style'>;
