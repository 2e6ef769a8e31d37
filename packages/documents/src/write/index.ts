export { writeDocx, type DocxOptions } from './docx.ts';
export { safeHref } from './links.ts';
export { writeLanguages, type WriteLanguage, type WriteOptions } from './options.ts';
export { pageSizes, type PageSize } from './page-size.ts';
export { writePdf, type PdfOptions } from './pdf/write-pdf.ts';
