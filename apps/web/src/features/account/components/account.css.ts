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

/** A value with its Edit button beside it. */
export const inlineValue = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

/** The display name being edited: the field, then Save and Cancel. */
export const inlineActions = style({
  display: 'flex',
  gap: vars.space.xs,
  paddingBlockStart: vars.space.xxs,
});

export const sessionList = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const sessionItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${colorVars.border.subtle}`,
  borderRadius: vars.radius.md,
});

export const sessionName = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  fontWeight: vars.fontWeight.semibold,
});

export const sessionMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.lg}`,
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** A term and its value on one line ("Last active 21 Nov 2026, 09:30"). */
export const metaPair = style({
  display: 'flex',
  gap: vars.space.xs,
});

export const metaValue = style({ margin: 0 });

export const sectionBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});

export const stretch = style({ alignSelf: 'stretch' });

export const loadError = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const loadErrorTitle = style({
  margin: 0,
  color: colorVars.status.critical,
  fontWeight: vars.fontWeight.semibold,
});

/** /home with the chat: wider than a reading column, so the list and the chat sit side by side. */
export const wide = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: '80rem',
  marginInline: 'auto',
  width: '100%',
});
