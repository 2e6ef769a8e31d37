import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  // Spacing lives on the parts (not a gap) so the empty error region takes no room.
  minWidth: 0,
  fontFamily: vars.font.body,
});

export const labelRow = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xxs,
  marginBottom: vars.space.xs,
});

export const label = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.xs,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const requiredMark = style({
  color: colorVars.status.critical,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const optionalMark = style({
  color: colorVars.text.muted,
  fontWeight: vars.fontWeight.regular,
});

export const hint = style({
  margin: 0,
  marginBottom: vars.space.xs,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  overflowWrap: 'anywhere',
});

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  margin: 0,
  marginTop: vars.space.xs,
  color: colorVars.status.critical,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const errorIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  // Centres the 14 px icon on the first line of text.
  marginTop: '0.1875rem',
});
