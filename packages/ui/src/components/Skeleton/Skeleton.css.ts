import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

const shimmer = keyframes({
  from: { backgroundPosition: '100% 0' },
  to: { backgroundPosition: '-100% 0' },
});

export const skeleton = recipe({
  base: {
    display: 'block',
    flexShrink: 0,
    maxWidth: '100%',
    backgroundColor: colorVars.surface.hover,
    backgroundImage: `linear-gradient(90deg, ${colorVars.surface.hover} 0%, ${colorVars.border.subtle} 50%, ${colorVars.surface.hover} 100%)`,
    backgroundSize: '200% 100%',
    animation: `${shimmer} 1.6s ${vars.easing.standard} infinite`,
    '@media': {
      // A still placeholder for people who ask for less motion.
      '(prefers-reduced-motion: reduce)': { animation: 'none', backgroundImage: 'none' },
    },
  },
  variants: {
    shape: {
      text: { width: '100%', height: '0.875em', borderRadius: vars.radius.sm },
      rect: { width: '100%', height: '6rem', borderRadius: vars.radius.md },
      circle: { width: '2.5rem', height: '2.5rem', borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { shape: 'text' },
});

/** Text lines keep the rhythm of real text: line-height spacing between bars. */
export const lines = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.625em',
  paddingBlock: '0.3125em',
  width: '100%',
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
});

export const groupGap = {
  none: style({ gap: vars.space.none }),
  xs: style({ gap: vars.space.xs }),
  sm: style({ gap: vars.space.sm }),
  md: style({ gap: vars.space.md }),
  lg: style({ gap: vars.space.lg }),
  xl: style({ gap: vars.space.xl }),
};
