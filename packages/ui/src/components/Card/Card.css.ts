import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, shadow, vars } from '../../theme/contract.css';

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    margin: 0,
    listStyle: 'none',
    background: colorVars.surface.raised,
    color: colorVars.text.primary,
    border: `1px solid ${colorVars.border.subtle}`,
    borderRadius: vars.radius.lg,
    boxShadow: shadow.sm,
  },
  variants: {
    padding: {
      none: { padding: 0, gap: 0 },
      sm: { padding: vars.space.md, gap: vars.space.sm },
      md: { padding: vars.space.lg, gap: vars.space.md },
      lg: { padding: vars.space.xl, gap: vars.space.lg },
    },
    interactive: {
      true: {
        cursor: 'pointer',
        transition: `border-color ${vars.duration.fast} ${vars.easing.standard}, box-shadow ${vars.duration.fast} ${vars.easing.standard}, background-color ${vars.duration.fast} ${vars.easing.standard}`,
        selectors: {
          '&:hover': {
            background: colorVars.surface.hover,
            borderColor: colorVars.border.control,
            boxShadow: shadow.md,
          },
          // A focused link or button inside lights the whole card up too.
          '&:has(:focus-visible)': { borderColor: colorVars.border.control },
        },
      },
    },
  },
  defaultVariants: { padding: 'md' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const headings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const headerExtra = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
});

export const body = style({ minWidth: 0 });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${colorVars.border.subtle}`,
});
