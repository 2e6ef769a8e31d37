export { writeDocx, type DocxOptions } from './docx.ts';
export { safeHref } from './links.ts';
export { writeLanguages, type WriteLanguage, type WriteOptions } from './options.ts';
export { pageSizes, type PageSize } from './page-size.ts';
export { writePdf, type PdfOptions } from './pdf/write-pdf.ts';
export { parseIsoDate, parseNumber, type ParsedDate } from './cell-values.ts';
export { writeXlsx } from './xlsx.ts';
export type { TableBlock } from './flow.ts';
