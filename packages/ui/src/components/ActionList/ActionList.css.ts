import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

const focusRing = {
  outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
  outlineOffset: '2px',
} as const;

export const list = recipe({
  base: {
    display: 'grid',
    margin: 0,
    padding: 0,
    listStyle: 'none',
    outline: 'none',
    // The list takes the keyboard when the row that had it goes away (deleted, say).
    selectors: { '&:focus-visible': focusRing },
  },
  variants: {
    variant: {
      plain: { gap: vars.space.xxs },
      separated: { gap: vars.space.sm },
    },
  },
});

export const row = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    minWidth: 0,
    borderRadius: vars.radius.md,
  },
  variants: {
    variant: {
      // Compact rows that light up under the pointer: a sidebar's list.
      plain: { gap: vars.space.xxs },
      // Outlined rows whose actions wrap under the text on a narrow screen: a settings list.
      separated: {
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: vars.space.sm,
        padding: vars.space.md,
        border: `1px solid ${colorVars.border.subtle}`,
      },
    },
    selectable: { true: {}, false: {} },
    current: {
      true: { background: colorVars.accent.soft },
      false: {},
    },
  },
  compoundVariants: [
    {
      variants: { selectable: true, current: false },
      style: { selectors: { '&:hover': { background: colorVars.surface.hover } } },
    },
  ],
});

/** The row's main part: leading slot, then the title and the secondary text. */
export const main = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    minWidth: 0,
  },
  variants: {
    variant: { plain: { flex: '1 1 auto' }, separated: {} },
    selectable: {
      true: {
        padding: vars.space.sm,
        border: 0,
        borderRadius: vars.radius.md,
        background: 'transparent',
        color: 'inherit',
        font: 'inherit',
        textAlign: 'start',
        cursor: 'pointer',
        outline: 'none',
        selectors: { '&:focus-visible': focusRing },
      },
      false: {},
    },
  },
  compoundVariants: [
    // Unselectable plain rows keep the selectable ones' text in line.
    { variants: { variant: 'plain', selectable: false }, style: { padding: vars.space.sm } },
  ],
});

export const leading = style({
  display: 'flex',
  flex: 'none',
  alignItems: 'center',
  color: colorVars.text.muted,
});

export const texts = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
  flex: '1 1 auto',
});

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

/** A truncated title keeps to its line: its badge stays beside it. */
export const titleRowTruncated = style({ flexWrap: 'nowrap' });

/** The row's own content in place of its text (a rename field, say). */
export const custom = style({
  display: 'block',
  flex: '1 1 auto',
  minWidth: 0,
  padding: vars.space.xxs,
});

export const trailing = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});
