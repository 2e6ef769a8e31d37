export { Tiles, tileColumnCounts, tileMinWidths, tilesElements } from './Tiles';
export type {
  ResponsiveColumns,
  TileColumnCount,
  TileMinWidth,
  TilesElement,
  TilesProps,
} from './Tiles';
