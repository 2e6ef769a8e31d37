import { createContainer, globalStyle, keyframes, style } from '@vanilla-extract/css';
import { colorVars, vars, visuallyHiddenRules } from '@studio/ui';

/**
 * The chat is a column: its controls, then the messages (or the first prompts), which take what
 * is left and scroll, then the notices and the composer at the bottom. Given a height (a page's
 * FirstScreen, a flex column) it keeps to it, so the composer stays in view however long the
 * conversation grows.
 */
/** The chat's own width decides how compact its controls are (a phone, the home page's hero). */
const chatContainer = createContainer('chat');
/** A chat too narrow for its controls' words: a phone, a side column. */
export const narrowChat = `${chatContainer} (max-width: 35.99rem)`;

export const view = style({
  containerName: chatContainer,
  containerType: 'inline-size',
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr) auto',
  gap: vars.space.sm,
  flex: '1 1 auto',
  minBlockSize: 0,
});

/**
 * The chat's controls in as few rows as fit: the title on its own, then the model and the chat's
 * own controls (voice, clear) side by side, then the hint about locked models, which wraps first.
 */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const toolbarTitle = style({ order: 0, flexBasis: '100%' });

export const toolbarModel = style({ order: 1, flex: '0 1 auto', minInlineSize: 0 });

export const toolbarControls = style({
  order: 2,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginInlineStart: 'auto',
});

/** The model picker's parts take their places in the toolbar's row. */
export const modelParts = style({ display: 'contents' });

export const lockedHint = style({
  order: 4,
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
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

/** The messages' place in the column: the scroller, with the way back to the newest over it. */
export const messages = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'minmax(0, 1fr)',
  minBlockSize: 0,
});

export const scroller = style({
  // The containing block of its own live region (visually hidden, absolutely placed), which
  // would otherwise hang below the chat at the end of the messages and lengthen the page.
  position: 'relative',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  outline: 'none',
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

/** Offered while the reader has scrolled up: over the bottom of the messages, centred. */
export const jumpToNewest = style({
  position: 'absolute',
  insetBlockEnd: vars.space.sm,
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
});

/** The notices and the composer, under the messages. */
export const bottom = style({
  display: 'grid',
  gap: vars.space.sm,
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

const composerContainer = createContainer('composer');

export const composer = style({
  containerName: composerContainer,
  containerType: 'inline-size',
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
});

/** The composer's controls in one row under the text: its tools at the start, Send at the end. */
export const composerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const composerTools = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minInlineSize: 0,
});

/**
 * A tool's word in a narrow composer (a phone) is only read out: its icon stays, so the tools
 * and Send (or Stop) keep one row.
 */
export const composerToolLabel = style({
  '@container': { [`${composerContainer} (max-width: 25.99rem)`]: visuallyHiddenRules },
});

export const composerSend = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: 'none',
  marginInlineStart: 'auto',
});

/**
 * "Enter to send…" is for a keyboard: shown where there is room for it beside Send (a wide
 * composer with a mouse), else only read out with the text box, whose description it is.
 */
export const composerHint = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  '@container': {
    '(max-width: 41.99rem)': visuallyHiddenRules,
  },
  '@media': {
    '(pointer: coarse)': visuallyHiddenRules,
  },
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
  // In the middle of a tall chat; from the top (never cut off) when it does not fit and scrolls.
  alignContent: 'safe center',
  inlineSize: '100%',
  minBlockSize: 0,
  overflowY: 'auto',
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

/** The visitor chat: its title and lead, then the chat taking the rest of its height. */
export const visitor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minBlockSize: 0,
});

/** The sandbox stands in for a real model (dismissible): one short strip, a line or two. */
export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xxs,
  paddingInlineStart: vars.space.sm,
  paddingInlineEnd: vars.space.xxs,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.accent.soft,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const bannerText = style({ flex: '1 1 auto', margin: 0 });

export const bannerIcon = style({ flex: 'none', color: colorVars.accent.text });

export const command = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
