import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const error = style({
  flexBasis: '100%',
  margin: 0,
  color: colorVars.status.critical,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});
