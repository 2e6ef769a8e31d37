/** The paper the paged writers (PDF, DOCX) lay out on. */
export const pageSizes = ['A4', 'Letter'] as const;
export type PageSize = (typeof pageSizes)[number];

/** Width and height in PDF points (1/72 in). */
export const pagePoints: Record<PageSize, { width: number; height: number }> = {
  A4: { width: 595.28, height: 841.89 },
  Letter: { width: 612, height: 792 },
};
