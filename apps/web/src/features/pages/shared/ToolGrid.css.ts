import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.md,
  background: colorVars.accent.soft,
  color: colorVars.accent.text,
});

export const description = style({
  margin: 0,
  color: colorVars.text.muted,
  lineHeight: vars.lineHeight.md,
});
