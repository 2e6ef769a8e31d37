import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

export const button = recipe({
  base: [
    focusRing,
    {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: vars.space.sm,
      border: '1px solid transparent',
      borderRadius: vars.radius.md,
      fontWeight: vars.fontWeight.semibold,
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      textDecoration: 'none',
      transition: `background-color ${vars.duration.fast} ${vars.easing.standard}, border-color ${vars.duration.fast} ${vars.easing.standard}`,
      selectors: {
        '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
      },
    },
  ],
  variants: {
    variant: {
      primary: {
        background: colorVars.accent.solid,
        color: colorVars.accent.onSolid,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: colorVars.accent.solidHover,
          },
        },
      },
      secondary: {
        background: colorVars.surface.raised,
        color: colorVars.text.primary,
        borderColor: colorVars.border.control,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: colorVars.surface.hover,
          },
        },
      },
      ghost: {
        background: 'transparent',
        color: colorVars.text.primary,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: colorVars.surface.hover,
          },
        },
      },
      danger: {
        background: colorVars.status.criticalSolid,
        color: colorVars.status.onCriticalSolid,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': { filter: 'brightness(1.08)' },
        },
      },
    },
    size: {
      sm: {
        minHeight: vars.controlHeight.sm,
        paddingInline: vars.space.md,
        fontSize: vars.fontSize.sm,
      },
      md: {
        minHeight: vars.controlHeight.md,
        paddingInline: vars.space.lg,
        fontSize: vars.fontSize.sm,
      },
      lg: {
        minHeight: vars.controlHeight.lg,
        paddingInline: vars.space.xl,
        fontSize: vars.fontSize.md,
      },
    },
    fullWidth: { true: { width: '100%' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

/** While loading, the label keeps its width (no layout jump) but is hidden under the spinner. */
// Transparent rather than visibility:hidden so the label still names the button for screen readers.
export const hiddenContent = style({ opacity: 0, display: 'inline-flex', gap: vars.space.sm });

const rotate = keyframes({ to: { transform: 'rotate(360deg)' } });

export const loadingIndicator = style({
  position: 'absolute',
  inset: 0,
  margin: 'auto',
  width: '1em',
  height: '1em',
  borderRadius: vars.radius.full,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${rotate} 0.8s linear infinite`,
});

export const icon = style({ display: 'inline-flex', flexShrink: 0 });
