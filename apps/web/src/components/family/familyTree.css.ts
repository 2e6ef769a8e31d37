import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const tree = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

/** Levels below the root shown indented; deeper ones line up with the last (still labelled). */
export const MAX_INDENT = 8;

const indents = Object.fromEntries(
  Array.from({ length: MAX_INDENT }, (_, index) => [
    `&[data-depth="${index + 1}"]`,
    { marginInlineStart: `calc(${index + 1} * ${vars.space.lg})` },
  ]),
);

/** One image of the tree: a row, indented under its parent and joined to it by a line. */
export const treeitem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    ...indents,
    '&:not([data-depth="0"])': {
      borderStartStartRadius: 0,
      borderEndStartRadius: 0,
      borderInlineStart: `2px solid ${colorVars.border.subtle}`,
    },
    '&:hover': { background: colorVars.surface.hover },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '1px',
    },
  },
});

export const current = style({
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
