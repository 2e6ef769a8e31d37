import { clsx } from 'clsx';
import { forwardRef } from 'react';
import { Box, type BoxProps } from '../Layout/Box';
import type { ResponsiveSpace } from '../Layout/Stack';
import {
  columnsAt,
  fitting,
  tileColumnCounts,
  tileMinWidths,
  tiles,
  type TileColumnCount,
  type TileMinWidth,
} from './Tiles.css';

export { tileColumnCounts, tileMinWidths };
export type { TileColumnCount, TileMinWidth };

export const tilesElements = ['div', 'ul', 'ol'] as const;
export type TilesElement = (typeof tilesElements)[number];

/** A column count, or one per breakpoint (`{ mobile: 1, tablet: 2, desktop: 3 }`). */
export type ResponsiveColumns =
  | TileColumnCount
  | { mobile?: TileColumnCount; tablet?: TileColumnCount; desktop?: TileColumnCount };

interface TilesBaseProps extends Omit<
  BoxProps,
  'as' | 'display' | 'gap' | 'flexDirection' | 'flexWrap' | 'alignItems' | 'justifyContent'
> {
  /** `div` by default; `ul` or `ol` when the tiles are a list (each child then an `li`). */
  as?: TilesElement;
  /** Space between the tiles, both ways; `md` by default. */
  space?: ResponsiveSpace;
}

/** Either a column count per breakpoint, or as many columns as fit a minimum width. */
export type TilesProps = TilesBaseProps &
  (
    | {
        /** Columns per breakpoint; one by default. */
        columns?: ResponsiveColumns;
        minItemWidth?: never;
      }
    | {
        columns?: never;
        /**
         * Fits as many columns as the grid's own width allows, each at least this wide: for a
         * grid whose width is not the screen's (a side column, a dialog).
         */
        minItemWidth: TileMinWidth;
      }
  );

function columnClasses(columns: ResponsiveColumns) {
  const byBreakpoint = typeof columns === 'number' ? { mobile: columns } : columns;
  return [
    byBreakpoint.mobile === undefined ? undefined : columnsAt.mobile[byBreakpoint.mobile],
    byBreakpoint.tablet === undefined ? undefined : columnsAt.tablet[byBreakpoint.tablet],
    byBreakpoint.desktop === undefined ? undefined : columnsAt.desktop[byBreakpoint.desktop],
  ];
}

/**
 * Equal columns of tiles (cards, pictures, tools) with even space between them, one column on a
 * phone and more as the screen widens (Braid's Tiles). A layout primitive like Stack: it takes
 * an element's attributes, so a list of tiles can be named, marked busy and given the keyboard.
 */
export const Tiles = forwardRef<HTMLElement, TilesProps>(function Tiles(
  { as = 'div', space = 'md', columns = 1, minItemWidth, className, ...rest },
  ref,
) {
  return (
    <Box
      ref={ref}
      as={as}
      gap={space}
      className={clsx(
        tiles,
        minItemWidth === undefined ? columnClasses(columns) : fitting[minItemWidth],
        className,
      )}
      {...rest}
    />
  );
});
