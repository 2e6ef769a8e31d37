import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

export const error = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: colorVars.status.criticalSoft,
  color: colorVars.status.critical,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const errorIcon = style({ flexShrink: 0, marginTop: vars.space.xxs });
