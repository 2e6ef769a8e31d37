import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

/** Each tint is paired with the text colour proven readable on it (tokens/src/contrastPairs.ts). */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    maxWidth: '100%',
    border: '1px solid transparent',
    borderRadius: vars.radius.full,
    fontWeight: vars.fontWeight.semibold,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
  },
  variants: {
    tone: {
      neutral: {
        background: colorVars.surface.hover,
        color: colorVars.text.primary,
        borderColor: colorVars.border.subtle,
      },
      accent: { background: colorVars.accent.soft, color: colorVars.text.primary },
      success: { background: colorVars.status.successSoft, color: colorVars.status.success },
      warning: { background: colorVars.status.warningSoft, color: colorVars.status.warning },
      critical: { background: colorVars.status.criticalSoft, color: colorVars.status.critical },
    },
    size: {
      sm: {
        minHeight: '1.25rem',
        paddingInline: vars.space.sm,
        fontSize: vars.fontSize.xs,
        lineHeight: vars.lineHeight.xs,
      },
      md: {
        minHeight: '1.75rem',
        paddingInline: vars.space.md,
        fontSize: vars.fontSize.sm,
        lineHeight: vars.lineHeight.sm,
      },
    },
  },
  defaultVariants: { tone: 'neutral', size: 'md' },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;

export const label = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

export const icon = style({ display: 'inline-flex', flexShrink: 0 });
