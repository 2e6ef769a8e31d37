import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const standIn = style({
  minHeight: '12rem',
  borderRadius: vars.radius.lg,
  border: `2px dashed ${colorVars.border.control}`,
});
