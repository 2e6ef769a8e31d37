import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, shadow, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

export const card = recipe({
  base: [
    focusRing,
    {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space.lg,
      width: '100%',
      minWidth: 0,
      margin: 0,
      padding: vars.space.xl,
      textAlign: 'start',
      font: 'inherit',
      color: colorVars.text.primary,
      background: colorVars.surface.raised,
      border: `1px solid ${colorVars.border.subtle}`,
      borderRadius: vars.radius.xl,
      boxShadow: shadow.sm,
      transition: `border-color ${vars.duration.fast} ${vars.easing.standard}, box-shadow ${vars.duration.fast} ${vars.easing.standard}`,
    },
  ],
  variants: {
    variant: {
      plan: {},
      addon: {
        flexDirection: 'row',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: vars.space.md,
        paddingBlock: vars.space.lg,
        paddingInline: vars.space.lg,
        borderRadius: vars.radius.lg,
      },
    },
    interactive: { true: { cursor: 'pointer' }, false: {} },
    // The selected ring is drawn inside the border so selecting never shifts the layout.
    selected: {
      false: {},
      true: {
        borderColor: colorVars.accent.solid,
        boxShadow: `inset 0 0 0 1px ${colorVars.accent.solid}, ${shadow.md}`,
      },
    },
    // No opacity: faded text would fail contrast. Muted text on the sunken surface instead.
    disabled: {
      true: {
        cursor: 'not-allowed',
        color: colorVars.text.muted,
        background: colorVars.surface.sunken,
        boxShadow: 'none',
      },
      false: {},
    },
  },
  compoundVariants: [
    {
      variants: { interactive: true, selected: false, disabled: false },
      style: { selectors: { '&:hover': { borderColor: colorVars.border.control } } },
    },
  ],
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
});

export const name = style({
  display: 'block',
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const priceRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.xs,
});

export const price = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.xxl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const period = style({
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const description = style({
  display: 'block',
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const features = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** Room kept for features still loading: measured, never seen. */
export const featuresPending = style({ visibility: 'hidden' });

export const feature = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm });

export const featureIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  // Centres the 16 px icon on the first line of text.
  marginTop: '0.125rem',
  color: colorVars.status.success,
});

export const featureIconDisabled = style({ color: colorVars.text.muted });

export const indicatorArea = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
});

export const selectedText = style({
  color: colorVars.accent.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const radio = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '1.375rem',
    height: '1.375rem',
    flexShrink: 0,
    borderRadius: vars.radius.full,
    border: `2px solid ${colorVars.border.control}`,
    color: colorVars.accent.onSolid,
  },
  variants: {
    checked: {
      true: { background: colorVars.accent.solid, borderColor: colorVars.accent.solid },
    },
  },
});

export const action = style({ display: 'flex', marginTop: 'auto' });

/* Add-on layout: icon, text, then price and state at the end of the row. */
export const addonIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  flexShrink: 0,
  borderRadius: vars.radius.md,
  background: colorVars.accent.soft,
  color: colorVars.text.primary,
});

export const addonText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  flex: '1 1 12rem',
  minWidth: 0,
});

export const addonEnd = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  marginInlineStart: 'auto',
});

export const addonPrice = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const group = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  gap: vars.space.lg,
  alignItems: 'stretch',
});

/** Narrower cards, closer together: for a group inside a modal. */
export const groupCompact = style({
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  gap: vars.space.md,
});

/** The add-on's toggle: only the name, with a pseudo-element stretched over the whole card. */
export const toggleButton = style({
  all: 'unset',
  cursor: 'inherit',
  textAlign: 'start',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      borderRadius: 'inherit',
    },
    '&:focus-visible::after': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});
