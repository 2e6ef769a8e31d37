import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { colorVars, shadow, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const list = recipe({
  base: { display: 'flex', maxWidth: '100%', overflowX: 'auto' },
  variants: {
    variant: {
      underline: {
        gap: vars.space.xs,
        boxShadow: `inset 0 -1px 0 ${colorVars.border.subtle}`,
      },
      pill: {
        gap: vars.space.xxs,
        padding: vars.space.xxs,
        borderRadius: vars.radius.lg,
        background: colorVars.surface.sunken,
        border: `1px solid ${colorVars.border.subtle}`,
      },
    },
    fullWidth: { true: { width: '100%' }, false: { alignSelf: 'flex-start' } },
  },
  defaultVariants: { variant: 'underline', fullWidth: false },
});

export type TabsListVariants = NonNullable<RecipeVariants<typeof list>>;

export const trigger = recipe({
  base: [
    focusRing,
    {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: vars.space.sm,
      minHeight: vars.controlHeight.md,
      paddingInline: vars.space.lg,
      border: 'none',
      background: 'transparent',
      color: colorVars.text.muted,
      fontSize: vars.fontSize.sm,
      fontWeight: vars.fontWeight.medium,
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      transition: `color ${vars.duration.fast} ${vars.easing.standard}, background-color ${vars.duration.fast} ${vars.easing.standard}, box-shadow ${vars.duration.fast} ${vars.easing.standard}`,
      selectors: {
        '&:hover:not([data-disabled])': { color: colorVars.text.primary },
        '&[data-state="active"]': { color: colorVars.text.primary },
        '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
      },
    },
  ],
  variants: {
    variant: {
      underline: {
        borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
        selectors: {
          // The 2 px accent bar is the selection cue; weight changes would make labels jump.
          '&[data-state="active"]': { boxShadow: `inset 0 -2px 0 ${colorVars.accent.solid}` },
          '&:focus-visible': { outlineOffset: '-2px' },
        },
      },
      pill: {
        minHeight: vars.controlHeight.sm,
        paddingInline: vars.space.md,
        borderRadius: vars.radius.md,
        selectors: {
          '&[data-state="active"]': {
            background: colorVars.surface.raised,
            boxShadow: shadow.sm,
          },
        },
      },
    },
    fullWidth: { true: { flex: '1 1 0' }, false: {} },
  },
  defaultVariants: { variant: 'underline', fullWidth: false },
});

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

export const content = style([focusRing, { borderRadius: vars.radius.sm }]);
