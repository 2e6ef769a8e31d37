import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** Narrow screens scroll the table sideways rather than squeezing it. */
export const scroller = style({
  overflowX: 'auto',
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const caption = style({
  textAlign: 'start',
  color: colorVars.text.muted,
  paddingBlockEnd: vars.space.sm,
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBlockEnd: `1px solid ${colorVars.border.subtle}`,
  textAlign: 'start',
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
});

export const header = style([cell, { fontWeight: vars.fontWeight.semibold }]);

export const reference = style({
  fontFamily: vars.font.mono,
});

/**
 * A pending payment's two actions stack when the row runs out of room (a laptop's 1024 px), so the
 * table fits instead of hiding "Cancel payment" past its edge.
 */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
