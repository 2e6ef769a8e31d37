/** How much of a file the readers accept; every reader and check takes them from the caller. */
export interface ReadLimits {
  /** The file itself. */
  maxBytes: number;
  /** A zip's (DOCX, XLSX, PPTX) parts together once inflated, declared and real. */
  maxUnzippedBytes: number;
  /** A zip's entries. */
  maxZipEntries: number;
  /** Inflated size / compressed size above which a large entry is taken for a bomb. */
  maxCompressionRatio: number;
  /** Entries at least this large (inflated) are held to the ratio; small ones compress freely. */
  ratioCheckFromBytes: number;
  /** A PDF's pages (more is refused: 'too-many-pages'). */
  maxPages: number;
  /** Characters of text kept per page, sheet, slide or section (more is cut, with a note). */
  maxCharactersPerPart: number;
  /** A sheet's or a CSV's rows (more are cut, with a note). */
  maxRows: number;
  /** Cells of a workbook or a CSV together (more are cut, with a note). */
  maxCells: number;
}

export const defaultReadLimits: ReadLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxUnzippedBytes: 200 * 1024 * 1024,
  maxZipEntries: 5_000,
  maxCompressionRatio: 100,
  ratioCheckFromBytes: 1024 * 1024,
  maxPages: 500,
  maxCharactersPerPart: 100_000,
  maxRows: 10_000,
  maxCells: 500_000,
};

export const withDefaultLimits = (limits: Partial<ReadLimits> | undefined): ReadLimits => ({
  ...defaultReadLimits,
  ...limits,
});
