import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const sections = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

export const dates = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const hint = style({
  margin: 0,
  color: colorVars.text.muted,
});

export const subheading = style({
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
});

export const unlocks = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const historyHeading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
});
