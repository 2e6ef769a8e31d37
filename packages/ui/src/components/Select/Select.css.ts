import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

export const select = recipe({
  base: {
    alignSelf: 'stretch',
    // Room for the chevron drawn over the end edge.
    paddingInlineEnd: `calc(${vars.space.md} + 1.125rem + ${vars.space.sm})`,
    cursor: 'pointer',
    textOverflow: 'ellipsis',
    selectors: {
      // The placeholder option reads as a placeholder, not as a chosen value.
      '&:has(option[value=""]:checked)': { color: colorVars.text.muted },
    },
  },
  variants: {
    size: {
      sm: { paddingInlineStart: vars.space.sm },
      md: { paddingInlineStart: vars.space.md },
      lg: { paddingInlineStart: vars.space.lg },
    },
  },
  defaultVariants: { size: 'md' },
});

/** The open list is drawn by the browser; give its rows the theme's colours. */
export const option = style({
  background: colorVars.surface.raised,
  color: colorVars.text.primary,
});

export const chevron = style({
  position: 'absolute',
  insetInlineEnd: vars.space.md,
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  color: colorVars.text.muted,
  pointerEvents: 'none',
});
