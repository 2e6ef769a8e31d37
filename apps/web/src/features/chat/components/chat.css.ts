import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const view = style({
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr) auto',
  gap: vars.space.md,
  minBlockSize: '28rem',
  blockSize: '100%',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const toolbarGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const muted = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const scroller = style({
  overflowY: 'auto',
  minBlockSize: '12rem',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.sunken,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const list = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.md,
  listStyle: 'none',
});

export const message = style({
  display: 'grid',
  gap: vars.space.xs,
  maxInlineSize: 'min(48rem, 100%)',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  overflowWrap: 'anywhere',
});

export const userMessage = style({
  justifySelf: 'end',
  background: colorVars.accent.soft,
});

export const messageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
});

export const role = style({
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.primary,
});

export const messageActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const plainText = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
});

const blink = keyframes({ '50%': { opacity: 0 } });

export const caret = style({
  display: 'inline-block',
  inlineSize: '0.5em',
  blockSize: '1em',
  marginInlineStart: vars.space.xxs,
  verticalAlign: 'text-bottom',
  background: colorVars.text.primary,
  animation: `${blink} 1s steps(1) infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const images = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const composer = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const composerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.base,
  fontSize: vars.fontSize.sm,
});

export const chipImage = style({
  inlineSize: '2.5rem',
  blockSize: '2.5rem',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
});

export const notice = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.status.warning}`,
  background: colorVars.status.warningSoft,
});

/** A one-line notice with its action at the end, wrapping on narrow screens. */
const noticeRow = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
} as const;

export const errorNotice = style({
  ...noticeRow,
  border: `1px solid ${colorVars.status.critical}`,
  background: colorVars.status.criticalSoft,
});

/** The chat's own width decides how compact its empty state is (a phone, a side column). */
export const emptyChat = style({
  containerType: 'inline-size',
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  inlineSize: '100%',
});

// The design system's EmptyState pads a whole empty page; above the composer a little will do,
// and a narrow chat (a phone, the home page's hero) leaves out its icon.
globalStyle(`${emptyChat} > div`, {
  paddingBlock: vars.space.xs,
  paddingInline: 0,
  gap: vars.space.xs,
});
globalStyle(`${emptyChat} > div > [aria-hidden="true"]`, {
  '@container': { '(max-width: 40rem)': { display: 'none' } },
});

/**
 * The first prompts: on a narrow chat one row that scrolls sideways (the composer stays on the
 * first screen of a phone), from 36rem a grid of cards.
 */
export const suggestions = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(12rem, 75%)',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  paddingBlockEnd: vars.space.xs,
  listStyle: 'none',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  '@container': {
    '(min-width: 36rem)': {
      gridAutoFlow: 'row',
      gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
      paddingBlockEnd: 0,
      overflowX: 'visible',
    },
  },
});

export const suggestion = style({
  scrollSnapAlign: 'start',
  inlineSize: '100%',
  blockSize: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  color: colorVars.text.primary,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const visuallyHidden = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const visitor = style({
  display: 'grid',
  gap: vars.space.sm,
});

/** The sandbox stands in for a local model: how to get a real one (dismissible). */
export const banner = style({
  ...noticeRow,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.accent.soft,
});

export const command = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
