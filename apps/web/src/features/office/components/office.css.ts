import { style, globalStyle } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/*
 * Layout glue only: the pieces are @studio/ui's. A panel frames each tool as the other studio
 * tools frame theirs; the drop zone, the document's blocks (its tables scroll sideways on a
 * phone), the cited passage and the page's picture beside its text are laid out here.
 */

export const panel = style({
  display: 'grid',
  // One column no wider than the page: a long tab list or table scrolls inside, not the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
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
  color: colorVars.text.muted,
  selectors: {
    '&[data-over="true"]': {
      borderColor: colorVars.accent.solid,
      background: colorVars.surface.sunken,
    },
  },
});

/** The document's text, as its blocks give it. */
export const blocks = style({
  display: 'grid',
  gap: vars.space.sm,
  minInlineSize: 0,
  color: colorVars.text.primary,
  lineHeight: vars.lineHeight.lg,
});

globalStyle(`${blocks} :is(p, ul, ol, pre, h3, h4, h5, h6)`, { margin: 0 });
globalStyle(`${blocks} :is(ul, ol)`, { paddingInlineStart: vars.space.lg });
globalStyle(`${blocks} pre`, {
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: colorVars.surface.sunken,
  overflowX: 'auto',
  fontSize: vars.fontSize.sm,
});
globalStyle(`${blocks} a`, { color: colorVars.accent.text });

/** The passage a citation points to: marked, and scrolled to. */
export const cited = style({
  borderInlineStart: `3px solid ${colorVars.accent.solid}`,
  paddingInlineStart: vars.space.sm,
  background: colorVars.surface.sunken,
  borderRadius: vars.radius.sm,
  scrollMarginBlock: vars.space.xl,
});

/** A wide table scrolls sideways in its own frame, never the page (a phone's width). */
export const tableScroll = style({
  overflowX: 'auto',
  maxInlineSize: '100%',
  borderRadius: vars.radius.sm,
  border: `1px solid ${colorVars.border.subtle}`,
  ':focus-visible': {
    outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
    outlineOffset: 2,
  },
});

export const table = style({
  borderCollapse: 'collapse',
  minInlineSize: '100%',
  fontSize: vars.fontSize.sm,
});

globalStyle(`${table} :is(th, td)`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBlockEnd: `1px solid ${colorVars.border.subtle}`,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});
globalStyle(`${table} th`, {
  fontWeight: vars.fontWeight.semibold,
  background: colorVars.surface.sunken,
});

/** A PDF page's picture beside its text on a laptop, above it on a phone. */
export const pageWithImage = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { '(min-width: 60em)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const pageImage = style({
  inlineSize: '100%',
  blockSize: 'auto',
  aspectRatio: '210 / 297',
  borderRadius: vars.radius.sm,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.sunken,
  objectFit: 'contain',
});

/** An answer's text as written, its paragraphs kept. */
export const answerText = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.lg,
  margin: 0,
});

/** A citation in an answer: a small link-like chip. */
export const citation = style({
  display: 'inline-flex',
  alignItems: 'center',
  marginInline: '0.15em',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${colorVars.border.control}`,
  borderRadius: vars.radius.full,
  background: colorVars.surface.sunken,
  color: colorVars.accent.text,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  lineHeight: 1.6,
  cursor: 'pointer',
  verticalAlign: 'baseline',
  ':hover': { borderColor: colorVars.accent.solid },
  ':focus-visible': {
    outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
    outlineOffset: 1,
  },
});

export const answer = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.md,
  borderBlockStart: `1px solid ${colorVars.border.subtle}`,
});

/** Reserved while an answer's first words are awaited, so nothing below jumps. */
export const answerPending = style({ minHeight: '3rem' });

/** The document's name and facts, with Close beside them however long the name. */
export const viewHeader = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: vars.space.sm,
});
