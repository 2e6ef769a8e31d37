import { forwardRef } from 'react';
import type { Sprinkles } from '../../theme/sprinkles.css';
import { Box, type BoxProps } from './Box';

export const stackAligns = ['stretch', 'start', 'center', 'end'] as const;
export type StackAlign = (typeof stackAligns)[number];

/** A space key (`'md'`) or a responsive object (`{ mobile: 'sm', desktop: 'lg' }`). */
export type ResponsiveSpace = Sprinkles['gap'];

const crossAxis = {
  stretch: 'stretch',
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
} as const satisfies Record<StackAlign, Sprinkles['alignItems']>;

export interface StackProps extends Omit<
  BoxProps,
  'display' | 'flexDirection' | 'gap' | 'alignItems'
> {
  /** Space between children; `md` by default. */
  gap?: ResponsiveSpace;
  /** Horizontal alignment of the children; `stretch` (full width) by default. */
  align?: StackAlign;
}

/** Children one under another with even space between them. */
export const Stack = forwardRef<HTMLElement, StackProps>(function Stack(
  { gap = 'md', align = 'stretch', ...rest },
  ref,
) {
  return (
    <Box
      ref={ref}
      display="flex"
      flexDirection="column"
      gap={gap}
      alignItems={crossAxis[align]}
      {...rest}
    />
  );
});
