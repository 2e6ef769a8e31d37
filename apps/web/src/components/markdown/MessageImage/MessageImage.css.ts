import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const image = style({
  maxInlineSize: '12rem',
  maxBlockSize: '12rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const status = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});
