import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const tree = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const treeitem = style({
  outline: 'none',
});

/** A level below its parent, joined to it by a line. */
export const group = style({
  margin: 0,
  marginInlineStart: vars.space.lg,
  paddingInlineStart: vars.space.sm,
  borderInlineStart: `2px solid ${colorVars.border.subtle}`,
  listStyle: 'none',
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBlock: vars.space.xxs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    [`${treeitem}:focus-visible > &`]: {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '1px',
    },
  },
});

export const currentRow = style({
  background: colorVars.accent.soft,
  selectors: { '&:hover': { background: colorVars.accent.soft } },
});

export const toggle = style({
  display: 'grid',
  placeItems: 'center',
  flex: 'none',
  width: '1.25rem',
  color: colorVars.text.muted,
});

export const thumbnail = style({
  flex: 'none',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.sm,
  background: colorVars.surface.sunken,
  objectFit: 'cover',
});

export const label = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: 1,
  minWidth: 0,
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  flex: 1,
});

export const mode = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  color: colorVars.text.muted,
});

export const prompt = style({
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.text.primary,
});

export const status = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const hint = style({
  margin: 0,
  marginBlockEnd: vars.space.sm,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});
