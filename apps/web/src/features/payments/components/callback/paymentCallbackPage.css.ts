import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const details = style({
  maxWidth: '30rem',
  margin: `0 auto ${vars.space.xl}`,
  padding: vars.space.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  borderRadius: vars.radius.md,
});

export const detailsHeading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
});
