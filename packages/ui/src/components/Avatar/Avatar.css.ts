import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

export const avatar = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    background: colorVars.accent.soft,
    color: colorVars.text.primary,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: 1,
    userSelect: 'none',
    verticalAlign: 'middle',
    // A hairline keeps a photo's edge visible on any surface.
    boxShadow: `inset 0 0 0 1px ${colorVars.border.subtle}`,
  },
  variants: {
    size: {
      sm: { width: '2rem', height: '2rem', fontSize: vars.fontSize.xs },
      md: { width: '2.5rem', height: '2.5rem', fontSize: vars.fontSize.sm },
      lg: { width: '3.5rem', height: '3.5rem', fontSize: vars.fontSize.lg },
    },
  },
  defaultVariants: { size: 'md' },
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  display: 'block',
});

export const fallback = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
});
