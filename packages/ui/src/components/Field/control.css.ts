import { globalStyle, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

/**
 * The bare control (TextField, TextArea, PasswordField, Select) inside its well. Its reset has no specificity (`:where`), so each control's own
 * class (Select's padding, TextArea's height…) wins whatever order the CSS arrives in: a
 * production build splits the styles into chunks, and a shared chunk loaded later used to undo
 * the select's padding.
 */
export const control = style({
  selectors: {
    '&::placeholder': { color: colorVars.text.muted, opacity: 1 },
    '&:disabled': { cursor: 'not-allowed' },
    // Keep browser autofill inside the theme instead of its own yellow or blue fill.
    '&:-webkit-autofill': {
      WebkitTextFillColor: colorVars.text.primary,
      boxShadow: `0 0 0 100px ${colorVars.surface.sunken} inset`,
      caretColor: colorVars.text.primary,
    },
  },
});

globalStyle(`:where(${control})`, {
  appearance: 'none',
  flex: 1,
  minWidth: 0,
  width: '100%',
  margin: 0,
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: colorVars.text.primary,
  font: 'inherit',
  fontSize: 'inherit',
  lineHeight: 'inherit',
  outline: 'none',
});

/** The well: a sunken box with a control border, sized like buttons so a field and a button line up. */
export const wrapper = recipe({
  base: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    width: '100%',
    boxSizing: 'border-box',
    border: `1px solid ${colorVars.border.control}`,
    borderRadius: vars.radius.md,
    background: colorVars.surface.sunken,
    color: colorVars.text.primary,
    transition: `border-color ${vars.duration.fast} ${vars.easing.standard}, box-shadow ${vars.duration.fast} ${vars.easing.standard}`,
    selectors: {
      '&:hover:not([data-disabled])': { borderColor: colorVars.text.muted },
      // The ring surrounds the whole well (icon and buttons included) while the input has focus.
      [`&:has(${control}:focus-visible)`]: {
        borderColor: colorVars.focusRing,
        outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
        outlineOffset: '1px',
      },
      '&[data-invalid]': { borderColor: colorVars.status.critical },
      '&[data-invalid]:hover:not([data-disabled])': { borderColor: colorVars.status.critical },
      '&[data-readonly]': { borderStyle: 'dashed', background: 'transparent' },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
      // A select fills the whole well so every pixel of it opens the list; it pads itself.
      '&:has(> select)': { paddingInline: 0 },
    },
  },
  variants: {
    size: {
      sm: {
        minHeight: vars.controlHeight.sm,
        paddingInline: vars.space.sm,
        fontSize: vars.fontSize.sm,
        lineHeight: vars.lineHeight.sm,
      },
      md: {
        minHeight: vars.controlHeight.md,
        paddingInline: vars.space.md,
        fontSize: vars.fontSize.sm,
        lineHeight: vars.lineHeight.sm,
      },
      lg: {
        minHeight: vars.controlHeight.lg,
        paddingInline: vars.space.lg,
        fontSize: vars.fontSize.md,
        lineHeight: vars.lineHeight.md,
      },
    },
    multiline: {
      true: { alignItems: 'stretch', paddingBlock: vars.space.sm },
    },
  },
  defaultVariants: { size: 'md' },
});

export type WrapperVariants = NonNullable<RecipeVariants<typeof wrapper>>;

/** A decorative icon at the start of the well. */
export const leadingIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: colorVars.text.muted,
  pointerEvents: 'none',
});

/** Holds interactive content at the end of the well (the password toggle). */
export const endAdornment = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  // Pulls a trailing button closer to the border so its hit area stays large.
  marginInlineEnd: `calc(${vars.space.xs} * -1)`,
});
