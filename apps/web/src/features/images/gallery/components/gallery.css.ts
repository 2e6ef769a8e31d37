import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

const focusRing = {
  outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
  outlineOffset: '2px',
};

export const gallery = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const muted = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  selectors: { '&:focus-visible': focusRing },
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
});

export const thumbnailButton = style({
  display: 'block',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  background: colorVars.surface.sunken,
  cursor: 'zoom-in',
  overflow: 'hidden',
  aspectRatio: '1 / 1',
  width: '100%',
  selectors: { '&:focus-visible': focusRing },
});

export const thumbnail = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const thumbnailStatus = style({
  display: 'grid',
  placeItems: 'center',
  height: '100%',
  padding: vars.space.sm,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  textAlign: 'center',
});

export const prompt = style({
  margin: 0,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.text.primary,
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  color: colorVars.text.muted,
});

export const term = style({ fontWeight: vars.fontWeight.medium });

export const value = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
  color: colorVars.text.primary,
});

export const itemFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  marginTop: 'auto',
});

export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
});

export const noticeTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const more = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** Where the next page starts loading: an empty line under the grid. */
export const sentinel = style({ height: '1px' });
