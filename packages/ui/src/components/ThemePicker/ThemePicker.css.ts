import { style, styleVariants } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  minWidth: 0,
});

export const groupLabel = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.primary,
});

export const options = styleVariants({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))',
    gap: vars.space.md,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: vars.space.md,
  },
});

export const option = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.xs,
  cursor: 'pointer',
  minWidth: 0,
});

export const optionRow = style({ width: '5rem' });

// The native radio stays in the page (keyboard, forms, screen readers) but is drawn by the swatch.
export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});

export const swatch = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '4 / 3',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  // The swatch paints another theme's colours: this frame keeps it visible on any page.
  border: `1px solid ${colorVars.border.control}`,
  transition: `box-shadow ${vars.duration.fast} ${vars.easing.standard}`,
  selectors: {
    [`${input}:checked ~ &`]: {
      borderColor: colorVars.accent.solid,
      boxShadow: `0 0 0 1px ${colorVars.accent.solid}, 0 0 0 4px ${colorVars.accent.soft}`,
    },
    [`${input}:focus-visible ~ &`]: {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '5px',
    },
    [`${option}:hover ${input}:not(:checked) ~ &`]: { borderColor: colorVars.text.muted },
  },
});

/** A small "window" in the theme's raised surface with two text lines and an accent button. */
export const swatchPanel = style({
  position: 'absolute',
  insetInlineStart: '18%',
  insetInlineEnd: '12%',
  top: '22%',
  bottom: '18%',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '12%',
  paddingInline: '12%',
  borderRadius: vars.radius.sm,
});

export const swatchLine = style({
  display: 'block',
  height: '10%',
  borderRadius: vars.radius.full,
});

export const swatchLineShort = style({ width: '60%' });

export const swatchAccent = style({
  display: 'block',
  width: '45%',
  height: '18%',
  borderRadius: vars.radius.full,
});

export const check = style({
  position: 'absolute',
  top: vars.space.xs,
  insetInlineEnd: vars.space.xs,
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.full,
  background: colorVars.accent.solid,
  color: colorVars.accent.onSolid,
  selectors: { [`${input}:checked ~ ${swatch} &`]: { display: 'inline-flex' } },
});

export const name = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.text.muted,
  textAlign: 'center',
  overflowWrap: 'anywhere',
  selectors: {
    [`${input}:checked ~ &`]: {
      color: colorVars.text.primary,
      fontWeight: vars.fontWeight.semibold,
    },
  },
});
