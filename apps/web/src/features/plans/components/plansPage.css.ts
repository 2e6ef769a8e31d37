import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 17rem), 1fr))',
  gap: vars.space.lg,
  paddingBlockStart: vars.space.lg,
});

export const savings = style({
  margin: `${vars.space.md} 0 0`,
  color: colorVars.status.success,
  fontWeight: vars.fontWeight.semibold,
});

export const note = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});
