import { globalStyle, style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  minInlineSize: 0,
});

export const formPending = style({
  minHeight: '100vh',
});

export const dropping = style({
  outline: `2px dashed ${colorVars.accent.solid}`,
  outlineOffset: vars.space.sm,
  borderRadius: vars.radius.lg,
});

export const panel = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  minInlineSize: 0,
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.lg,
});

export const notice = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: colorVars.surface.sunken,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const plain = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const muted = style([plain, { color: colorVars.text.muted }]);

export const critical = style([plain, { color: colorVars.status.critical }]);

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

// ---- Choice chips (radio groups: ratio, variants, style) ----

export const choices = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minInlineSize: 0,
});

export const legend = style({
  padding: 0,
  marginBlockEnd: vars.space.xs,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.medium,
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const chip = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.full,
  border: `1px solid ${colorVars.border.control}`,
  background: colorVars.surface.base,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      background: colorVars.accent.solid,
      borderColor: colorVars.accent.solid,
      color: colorVars.accent.onSolid,
    },
    '&:has(input:focus-visible)': {
      outline: `2px solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const chipInput = style({
  position: 'absolute',
  opacity: 0,
  inlineSize: '1px',
  blockSize: '1px',
  margin: 0,
});

// ---- Results ----

export const runs = style({
  display: 'grid',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const run = style([panel, { gap: vars.space.md }]);

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const figure = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  minInlineSize: 0,
});

export const thumbButton = style({
  display: 'block',
  padding: 0,
  border: `1px solid ${colorVars.border.subtle}`,
  borderRadius: vars.radius.md,
  background: colorVars.surface.sunken,
  overflow: 'hidden',
  cursor: 'zoom-in',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${colorVars.focusRing}`, outlineOffset: '2px' },
  },
});

export const thumb = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: 'auto',
  objectFit: 'contain',
});

export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  minBlockSize: '8rem',
  // Shaped as the picture (an inline aspect-ratio), never taller than the viewer shows one.
  maxBlockSize: '65vh',
  boxSizing: 'border-box',
  padding: vars.space.md,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
});

// ---- Viewer ----

export const viewer = style({
  display: 'grid',
  gap: vars.space.md,
  // The modal's own body spacing (Modal.Body's): the viewer is not in a Modal.Body, so its arrow
  // keys work wherever the focus is in it.
  padding: `${vars.space.sm} ${vars.space.xl} ${vars.space.lg}`,
});

export const stage = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const viewerImage = style({
  display: 'block',
  maxInlineSize: '100%',
  maxBlockSize: '65vh',
  marginInline: 'auto',
  objectFit: 'contain',
  imageRendering: 'auto',
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

globalStyle(`${details} dt`, { color: colorVars.text.muted });
globalStyle(`${details} dd`, { margin: 0, overflowWrap: 'anywhere' });

// ---- Source and mask ----

export const maskStage = style({
  position: 'relative',
  display: 'block',
  justifySelf: 'start',
  // Small sources are shown larger, so a brush can be placed; large ones fit the column.
  inlineSize: 'min(100%, 28rem)',
  lineHeight: 0,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${colorVars.border.subtle}`,
});

export const maskImage = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: 'auto',
});

export const maskCanvas = style({
  position: 'absolute',
  inset: 0,
  inlineSize: '100%',
  blockSize: '100%',
  touchAction: 'none',
  cursor: 'crosshair',
  color: colorVars.accent.solid,
  opacity: 0.55,
});

export const sourceThumb = style({
  display: 'block',
  inlineSize: '8rem',
  blockSize: 'auto',
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const fileList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
