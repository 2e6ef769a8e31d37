import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

export const toggle = recipe({
  base: [
    focusRing,
    {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      padding: 0,
      border: 'none',
      borderRadius: vars.radius.sm,
      background: 'transparent',
      color: colorVars.text.muted,
      cursor: 'pointer',
      transition: `background-color ${vars.duration.fast} ${vars.easing.standard}, color ${vars.duration.fast} ${vars.easing.standard}`,
      selectors: {
        '&:hover:not(:disabled)': {
          background: colorVars.surface.hover,
          color: colorVars.text.primary,
        },
        '&:disabled': { cursor: 'not-allowed' },
      },
    },
  ],
  variants: {
    // At least 24 px square (WCAG 2.5.8) and a little smaller than the field it sits in.
    size: {
      sm: { width: '1.5rem', height: '1.5rem' },
      md: { width: '2rem', height: '2rem' },
      lg: { width: '2.5rem', height: '2.5rem' },
    },
  },
  defaultVariants: { size: 'md' },
});
