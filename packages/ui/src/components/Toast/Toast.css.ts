import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { colorVars, shadow, vars } from '../../theme/contract.css';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateX(calc(100% + 1rem))' },
  to: { opacity: 1, transform: 'translateX(0)' },
});
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const swipeOut = keyframes({
  from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  to: { transform: 'translateX(calc(100% + 1rem))' },
});

/** Fixed in the top-right corner (§9); the list itself lets clicks through its empty padding. */
export const viewport = style({
  position: 'fixed',
  top: 0,
  insetInlineEnd: 0,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '24rem',
  maxWidth: '100vw',
  maxHeight: '100dvh',
  margin: 0,
  padding: vars.space.lg,
  listStyle: 'none',
  pointerEvents: 'none',
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.focusRingWidth})`,
    },
  },
});

const toneColor = {
  info: colorVars.accent.text,
  success: colorVars.status.success,
  warning: colorVars.status.warning,
  critical: colorVars.status.critical,
} as const;

export const toast = recipe({
  base: {
    pointerEvents: 'auto',
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'start',
    gap: vars.space.md,
    padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
    background: colorVars.surface.raised,
    color: colorVars.text.primary,
    border: `1px solid ${colorVars.border.subtle}`,
    borderInlineStartWidth: '4px',
    borderRadius: vars.radius.lg,
    boxShadow: shadow.lg,
    outline: 'none',
    selectors: {
      '&:focus-visible': {
        outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
        outlineOffset: '2px',
      },
      '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
      '&[data-swipe="cancel"]': {
        transform: 'translateX(0)',
        transition: `transform ${vars.duration.normal} ${vars.easing.standard}`,
      },
    },
    '@media': {
      '(prefers-reduced-motion: no-preference)': {
        selectors: {
          '&[data-state="open"]': {
            animation: `${slideIn} ${vars.duration.normal} ${vars.easing.enter}`,
          },
          '&[data-state="closed"]': {
            animation: `${fadeOut} ${vars.duration.fast} ${vars.easing.exit}`,
          },
          '&[data-swipe="end"]': {
            animation: `${swipeOut} ${vars.duration.fast} ${vars.easing.exit}`,
          },
        },
      },
    },
  },
  variants: {
    tone: {
      info: { borderInlineStartColor: toneColor.info },
      success: { borderInlineStartColor: toneColor.success },
      warning: { borderInlineStartColor: toneColor.warning },
      critical: { borderInlineStartColor: toneColor.critical },
    },
  },
  defaultVariants: { tone: 'info' },
});

export type ToastVariants = NonNullable<RecipeVariants<typeof toast>>;

export const icon = recipe({
  base: { display: 'inline-flex', marginTop: vars.space.xxs },
  variants: {
    tone: {
      info: { color: toneColor.info },
      success: { color: toneColor.success },
      warning: { color: toneColor.warning },
      critical: { color: toneColor.critical },
    },
  },
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
  paddingBlock: vars.space.xxs,
  overflowWrap: 'anywhere',
});

export const title = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const description = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.text.muted,
});
