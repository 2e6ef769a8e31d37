import { forwardRef } from 'react';
import type { Sprinkles } from '../../theme/sprinkles.css';
import { Box, type BoxProps } from './Box';
import type { ResponsiveSpace } from './Stack';

export const inlineAligns = ['start', 'center', 'end', 'baseline', 'stretch'] as const;
export const inlineJustifies = ['start', 'center', 'end', 'between', 'around'] as const;
export const collapseBreakpoints = ['tablet', 'desktop'] as const;
export type InlineAlign = (typeof inlineAligns)[number];
export type InlineJustify = (typeof inlineJustifies)[number];
export type CollapseBreakpoint = (typeof collapseBreakpoints)[number];

const alignMap = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  baseline: 'baseline',
  stretch: 'stretch',
} as const satisfies Record<InlineAlign, Sprinkles['alignItems']>;

const justifyMap = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  between: 'space-between',
  around: 'space-around',
} as const satisfies Record<InlineJustify, Sprinkles['justifyContent']>;

export interface InlineProps extends Omit<
  BoxProps,
  'display' | 'flexDirection' | 'flexWrap' | 'gap' | 'alignItems' | 'justifyContent'
> {
  /** Space between children (both directions when they wrap); `sm` by default. */
  gap?: ResponsiveSpace;
  /** Vertical alignment of the children; `center` by default. */
  align?: InlineAlign;
  /** Horizontal distribution of the children; `start` by default. */
  justify?: InlineJustify;
  /** Below this breakpoint the children stack, full width, one under another. */
  collapseBelow?: CollapseBreakpoint;
}

/** Children side by side, wrapping onto new lines when they run out of room. */
export const Inline = forwardRef<HTMLElement, InlineProps>(function Inline(
  { gap = 'sm', align = 'center', justify = 'start', collapseBelow, ...rest },
  ref,
) {
  const direction: Sprinkles['flexDirection'] =
    collapseBelow === 'tablet'
      ? { mobile: 'column', tablet: 'row' }
      : collapseBelow === 'desktop'
        ? { mobile: 'column', desktop: 'row' }
        : 'row';
  // While collapsed the children stretch like a Stack's; the alignment applies once side by side.
  const alignItems: Sprinkles['alignItems'] =
    collapseBelow === 'tablet'
      ? { mobile: 'stretch', tablet: alignMap[align] }
      : collapseBelow === 'desktop'
        ? { mobile: 'stretch', desktop: alignMap[align] }
        : alignMap[align];
  return (
    <Box
      ref={ref}
      display="flex"
      flexDirection={direction}
      flexWrap="wrap"
      gap={gap}
      alignItems={alignItems}
      justifyContent={justifyMap[justify]}
      {...rest}
    />
  );
});
