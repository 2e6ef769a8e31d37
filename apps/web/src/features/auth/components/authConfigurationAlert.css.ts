import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const alert = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  background: colorVars.status.criticalSoft,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const text = style({ margin: 0 });
