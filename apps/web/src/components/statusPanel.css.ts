import { style, styleVariants } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  maxWidth: '36rem',
  marginInline: 'auto',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
});

export const icon = styleVariants({
  neutral: { color: colorVars.text.muted },
  critical: { color: colorVars.status.critical },
  success: { color: colorVars.status.success },
  info: { color: colorVars.accent.text },
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.xl,
  fontWeight: vars.fontWeight.bold,
});

export const description = style({
  margin: 0,
  color: colorVars.text.muted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.lg,
});
