import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, auto) minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});

export const term = style({
  color: colorVars.text.muted,
});

export const definition = style({
  margin: 0,
  overflowWrap: 'anywhere',
});

export const hint = style({
  margin: 0,
  selectors: {
    // Under a list of details, a little air.
    'dl + &': { marginBlockStart: vars.space.lg },
  },
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const linkList = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  gap: vars.space.lg,
});

/** A dt/dd pair: its wrapper takes no box, so the pair sits in the list's two columns. */
export const row = style({ display: 'contents' });
