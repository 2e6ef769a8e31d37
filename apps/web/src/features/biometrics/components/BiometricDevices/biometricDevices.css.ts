import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** §8 unsupported hint and other one-line notes. */
export const note = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: colorVars.surface.sunken,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});
