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

export const current = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
});

export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBlockEnd: vars.space.lg,
  padding: vars.space.md,
  border: `1px solid ${colorVars.status.critical}`,
  borderRadius: vars.radius.md,
});

export const alertTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.primary,
});
