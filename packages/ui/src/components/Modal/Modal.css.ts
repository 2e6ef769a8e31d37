import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { colorVars, shadow, vars } from '../../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const contentIn = keyframes({
  from: { opacity: 0, transform: 'translateY(0.5rem) scale(0.97)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});
const contentOut = keyframes({
  from: { opacity: 1, transform: 'scale(1)' },
  to: { opacity: 0, transform: 'scale(0.97)' },
});
// The side sheet slides in from the inline end, where the button that opens it usually sits.
const sheetIn = keyframes({
  from: { transform: 'translateX(100%)' },
  to: { transform: 'translateX(0)' },
});
const sheetOut = keyframes({
  from: { transform: 'translateX(0)' },
  to: { transform: 'translateX(100%)' },
});

// Motion only for people who have not asked for less; Radix unmounts at once when there is none.
const motionOk = '(prefers-reduced-motion: no-preference)';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: colorVars.overlay,
  zIndex: vars.zIndex.overlay,
  '@media': {
    [motionOk]: {
      selectors: {
        '&[data-state="open"]': {
          animation: `${fadeIn} ${vars.duration.normal} ${vars.easing.enter}`,
        },
        '&[data-state="closed"]': {
          animation: `${fadeOut} ${vars.duration.fast} ${vars.easing.exit}`,
        },
      },
    },
  },
});

/** A phone's width: the whole dialog scrolls there, not its middle alone (below). */
const phone = 'screen and (max-width: 30rem)';

/**
 * A centred dialog on a phone scrolls as one piece, its footer after its body: with the middle
 * scrolling between a fixed header and footer, a phone's short viewport left the body a sliver
 * and its last control ("Gửi mã" in the Pro modal) half under the footer.
 */
const centered = style({
  '@media': {
    [phone]: { overflowY: 'auto', overscrollBehavior: 'contain' },
  },
});

export const content = recipe({
  base: {
    position: 'fixed',
    // inset + auto margins + fit-content height centre the dialog without a transform, so the
    // enter/exit animations are free to use one.
    inset: 0,
    margin: 'auto',
    height: 'fit-content',
    maxHeight: `calc(100dvh - 2 * ${vars.space.lg})`,
    width: `calc(100vw - 2 * ${vars.space.lg})`,
    display: 'flex',
    flexDirection: 'column',
    background: colorVars.surface.raised,
    color: colorVars.text.primary,
    border: `1px solid ${colorVars.border.subtle}`,
    borderRadius: vars.radius.lg,
    boxShadow: shadow.lg,
    zIndex: vars.zIndex.modal,
    outline: 'none',
    '@media': {
      [motionOk]: {
        selectors: {
          '&[data-state="open"]': {
            animation: `${contentIn} ${vars.duration.normal} ${vars.easing.enter}`,
          },
          '&[data-state="closed"]': {
            animation: `${contentOut} ${vars.duration.fast} ${vars.easing.exit}`,
          },
        },
      },
    },
  },
  variants: {
    size: {
      sm: { maxWidth: '25rem' },
      md: { maxWidth: '32rem' },
      lg: { maxWidth: '48rem' },
    },
    /**
     * `center`: a dialog in the middle of the screen. `end`: a sheet the full height of the
     * screen along its inline end (a navigation drawer on a phone); `size` then caps its width.
     */
    placement: {
      center: centered,
      end: {
        insetInlineStart: 'auto',
        margin: 0,
        height: '100dvh',
        maxHeight: '100dvh',
        // Leaves a strip of the page showing, so it reads as a panel over the page.
        width: `calc(100vw - ${vars.space.xxxl})`,
        borderBlock: 'none',
        borderInlineEnd: 'none',
        borderRadius: `${vars.radius.lg} 0 0 ${vars.radius.lg}`,
        '@media': {
          [motionOk]: {
            selectors: {
              '&[data-state="open"]': {
                animation: `${sheetIn} ${vars.duration.slow} ${vars.easing.enter}`,
              },
              '&[data-state="closed"]': {
                animation: `${sheetOut} ${vars.duration.normal} ${vars.easing.exit}`,
              },
            },
          },
        },
      },
    },
  },
  defaultVariants: { size: 'md', placement: 'center' },
});

export type ModalContentVariants = NonNullable<RecipeVariants<typeof content>>;

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.sm}`,
  // Room for the corner close button so a long title never runs under it.
  paddingInlineEnd: vars.space.xxxl,
});

export const headerWithoutClose = style({ paddingInlineEnd: vars.space.xl });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.xl,
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.primary,
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.text.muted,
});

export const close = style({
  position: 'absolute',
  top: vars.space.md,
  insetInlineEnd: vars.space.md,
});

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  padding: `${vars.space.sm} ${vars.space.xl} ${vars.space.lg}`,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  outline: 'none',
  selectors: {
    // A body that scrolls is focusable so keyboard users can scroll it; show where focus is.
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.focusRingWidth})`,
    },
  },
});

// On a phone the body of a centred dialog is a plain part of the dialog that scrolls (above).
globalStyle(`${centered} ${body}`, {
  '@media': {
    [phone]: { flex: 'none', overflowY: 'visible' },
  },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.xl} ${vars.space.xl}`,
  selectors: {
    // Under a body that scrolls (it is then focusable), a divider shows where the scroll ends.
    [`${body}[tabindex="0"] + &`]: { borderTop: `1px solid ${colorVars.border.subtle}` },
  },
});

/** A sheet to print: its parts spaced apart on screen too. */
export const printable = style({ gap: vars.space.md });

/*
 * Printing with a printable dialog open prints that dialog alone: everything else on the page is
 * hidden (visibility, so the dialog's ancestors keep their boxes) and the dialog is laid at the top
 * of the sheet, without its buttons. Only while such a dialog is on the page.
 */
globalStyle(`body:has(${printable}) *`, {
  '@media': { print: { visibility: 'hidden' } },
});
globalStyle(`${printable}, ${printable} *`, {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle(printable, {
  '@media': {
    print: { position: 'fixed', insetBlockStart: 0, insetInlineStart: 0, width: '100%' },
  },
});
globalStyle(`${printable} button`, {
  '@media': { print: { display: 'none' } },
});
