import { style } from '@vanilla-extract/css';
import { breakpoints } from '@studio/tokens';
import { colorVars, shadow, vars } from '@studio/ui';

const tablet = `screen and (min-width: ${breakpoints.tablet}px)`;
const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;

/** The column every content page sits in. */
export const page = style({
  width: '100%',
  maxWidth: '72rem',
  marginInline: 'auto',
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxxl,
  color: colorVars.text.primary,
  '@media': {
    [tablet]: { paddingInline: vars.space.xl, paddingBlock: vars.space.xxl },
  },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxWidth: '48rem',
});

export const eyebrow = style({
  margin: 0,
  color: colorVars.accent.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.xxl,
  fontWeight: vars.fontWeight.bold,
  '@media': {
    [desktop]: { fontSize: vars.fontSize.display, lineHeight: vars.lineHeight.display },
  },
});

export const lead = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  color: colorVars.text.muted,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  scrollMarginTop: vars.space.xxl,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.xl,
  fontWeight: vars.fontWeight.bold,
});

export const subTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
});

/** Running text: a readable line length and paragraph rhythm. */
export const prose = style({
  maxWidth: '70ch',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
});

export const paragraph = style({ margin: 0 });

export const muted = style({ margin: 0, color: colorVars.text.muted });

export const bulletList = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

/** Cards that fill the row: one column on phones, as many as fit from tablets up. */
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [tablet]: { gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' },
  },
});

/** Two columns from tablets up (plan cards, offices). */
export const twoColumns = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
});

const ctaBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.controlHeight.lg,
  paddingInline: vars.space.xl,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  transition: `background-color ${vars.duration.fast} ${vars.easing.standard}`,
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/** A link that leads to the page's main next step, drawn like a primary button. */
export const ctaPrimary = style([
  ctaBase,
  {
    background: colorVars.accent.solid,
    color: colorVars.accent.onSolid,
    selectors: { '&:hover': { background: colorVars.accent.solidHover } },
  },
]);

/** A link to a secondary next step, drawn like a secondary button. */
export const ctaSecondary = style([
  ctaBase,
  {
    background: colorVars.surface.raised,
    color: colorVars.text.primary,
    borderColor: colorVars.border.control,
    selectors: { '&:hover': { background: colorVars.surface.hover } },
  },
]);

/** A highlighted panel: a call to action or a note that should stand out from the text. */
export const callout = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: colorVars.accent.soft,
  color: colorVars.text.primary,
  boxShadow: shadow.sm,
});

/** A postal address: upright, muted, above the details that follow it. */
export const address = style({
  margin: 0,
  fontStyle: 'normal',
  color: colorVars.text.muted,
});

/** A card body of a few short blocks, evenly spaced. */
export const cardBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
