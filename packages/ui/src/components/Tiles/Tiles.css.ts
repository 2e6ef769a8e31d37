import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints } from '@studio/tokens';
import { colorVars, vars } from '../../theme/contract.css';

export const tileColumnCounts = [1, 2, 3, 4, 5, 6] as const;
export type TileColumnCount = (typeof tileColumnCounts)[number];

/** The narrowest a tile may get when the grid fits as many as its width allows. */
export const tileMinWidths = { sm: '12rem', md: '15rem', lg: '20rem' } as const;
export type TileMinWidth = keyof typeof tileMinWidths;

export const tiles = style({
  display: 'grid',
  // A list of tiles shows no bullets; the tiles are its items.
  listStyle: 'none',
  // A list that takes the keyboard (after the tile that had it was deleted) shows it has it.
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

const columns = (count: number) => ({
  gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))`,
});
const counts = Object.fromEntries(tileColumnCounts.map((count) => [count, count])) as Record<
  TileColumnCount,
  TileColumnCount
>;
const atLeast = (width: number) => `screen and (min-width: ${width}px)`;

/** Columns per breakpoint, mobile first: each class applies from its breakpoint up. */
export const columnsAt = {
  mobile: styleVariants(counts, columns),
  tablet: styleVariants(counts, (count) => ({
    '@media': { [atLeast(breakpoints.tablet)]: columns(count) },
  })),
  desktop: styleVariants(counts, (count) => ({
    '@media': { [atLeast(breakpoints.desktop)]: columns(count) },
  })),
};

/**
 * As many columns as fit, each at least the given width (never wider than the grid, so one tile
 * still fits a phone); `auto-fill` keeps a lone tile at one column's width.
 */
export const fitting = styleVariants(tileMinWidths, (width) => ({
  gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${width}), 1fr))`,
}));
