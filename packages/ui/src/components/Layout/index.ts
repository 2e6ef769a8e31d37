export { Box, boxElements } from './Box';
export type { BoxElement, BoxProps } from './Box';
export { Stack, stackAligns } from './Stack';
export type { ResponsiveSpace, StackAlign, StackProps } from './Stack';
export { Inline, collapseBreakpoints, inlineAligns, inlineJustifies } from './Inline';
export type { CollapseBreakpoint, InlineAlign, InlineJustify, InlineProps } from './Inline';
