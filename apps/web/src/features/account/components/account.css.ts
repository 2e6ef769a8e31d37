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

/** A dt/dd pair: its wrapper takes no box, so the pair sits in the list's two columns. */
export const row = style({ display: 'contents' });

/** A session's details side by side, wrapping on a narrow screen. */
export const sessionMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.lg}`,
  margin: 0,
});

/** A term and its value on one line ("Last active 21 Nov 2026, 09:30"). */
export const metaPair = style({
  display: 'flex',
  gap: vars.space.xs,
});

export const metaValue = style({ margin: 0 });

/** Full width in a section whose other parts (buttons) keep their own width. */
export const stretch = style({ alignSelf: 'stretch' });

/** /home with the chat: wider than a reading column, so the list and the chat sit side by side. */
export const wide = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: '80rem',
  marginInline: 'auto',
  width: '100%',
});
