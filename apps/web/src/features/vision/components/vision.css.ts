import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/*
 * Layout glue only: the pieces are @studio/ui's. A panel frames the picture, the result and the
 * answers as the other tools frame theirs; the word boxes over the picture, the drop zone and
 * the two columns of the result are laid out here.
 */

export const page = style({ display: 'grid', gap: vars.space.xl, minInlineSize: 0 });

/** A picture dragged over the page: the whole page says it takes it. */
export const dropping = style({
  outline: `2px dashed ${colorVars.accent.solid}`,
  outlineOffset: vars.space.xs,
  borderRadius: vars.radius.lg,
});

/** Holds the screen while the catalogue loads, so the history below does not jump. */
export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  minInlineSize: 0,
  '@media': { '(max-width: 30em)': { padding: vars.space.md } },
});

export const dropZone = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  border: `2px dashed ${colorVars.border.control}`,
  textAlign: 'center',
  minBlockSize: '12rem',
  alignContent: 'center',
});

/** The chosen picture, never taller than a screen's half, its shape kept. */
export const preview = style({
  display: 'block',
  maxInlineSize: '100%',
  maxBlockSize: '20rem',
  inlineSize: 'auto',
  blockSize: 'auto',
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.sunken,
});

export const previewFrame = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' });

export const group = style({
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
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.primary,
});

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  cursor: 'pointer',
  color: colorVars.text.primary,
  selectors: {
    '&:has(input:checked)': {
      borderColor: colorVars.accent.solid,
      boxShadow: `inset 0 0 0 1px ${colorVars.accent.solid}`,
    },
    '&:has(input:focus-visible)': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/** The result: the picture and its text side by side on a wide screen, one above the other on a phone. */
export const result = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  alignItems: 'start',
  '@media': { '(max-width: 48em)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** The picture and its word boxes: the boxes are percentages of this frame, so they scale with it. */
export const pictureFrame = style({
  position: 'relative',
  inlineSize: '100%',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.sunken,
});

export const picture = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: 'auto',
});

export const words = style({
  position: 'absolute',
  inset: 0,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  cursor: 'text',
  touchAction: 'none',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.focusRingWidth})`,
    },
  },
});

export const word = style({
  position: 'absolute',
  boxSizing: 'border-box',
  borderRadius: '2px',
  border: `2px solid ${colorVars.accent.solid}`,
  // Outside the box a little, so the outline does not hide the letters' edges.
  margin: '-2px',
  padding: '2px',
  selectors: {
    '&:hover': { background: `color-mix(in srgb, ${colorVars.accent.solid} 22%, transparent)` },
  },
});

/** The boxes hidden: the words still take a click, a drag and the keyboard. */
export const wordHidden = style({ borderColor: 'transparent' });

export const wordActive = style({
  outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
  outlineOffset: '1px',
});

export const wordSelected = style({
  background: `color-mix(in srgb, ${colorVars.accent.solid} 40%, transparent)`,
  selectors: {
    '&:hover': { background: `color-mix(in srgb, ${colorVars.accent.solid} 50%, transparent)` },
  },
});

export const dragBox = style({
  position: 'absolute',
  border: `1px dashed ${colorVars.accent.solid}`,
  background: `color-mix(in srgb, ${colorVars.accent.solid} 12%, transparent)`,
  pointerEvents: 'none',
});

/** Read text as it was laid out: its lines and paragraphs kept, long words wrapped. */
export const text = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  color: colorVars.text.primary,
});

export const answerCard = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.base,
  minInlineSize: 0,
});

export const answerList = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const askRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { '(max-width: 30em)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** Holds the preview's place while its bytes are read. */
export const previewPending = style({
  inlineSize: '16rem',
  maxInlineSize: '100%',
  blockSize: '10rem',
  borderRadius: vars.radius.md,
  background: colorVars.surface.sunken,
});

export const hint = style({ display: 'block' });
