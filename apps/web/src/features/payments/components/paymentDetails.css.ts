import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** A payment's facts as a two-column term/value list: on /payment/callback and on receipts. */
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
});

export const term = style({
  color: colorVars.text.muted,
});

export const value = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});
