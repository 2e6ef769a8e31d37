import { PDFDocument } from 'pdf-lib';
import type { DocumentModel } from '../../model.ts';
import { partBlocks, startsOnNewPage } from '../flow.ts';
import { resolveLanguage, resolveTitle, type WriteOptions } from '../options.ts';
import type { PageSize } from '../page-size.ts';
import { drawBlock } from './blocks.ts';
import { PdfCanvas } from './canvas.ts';
import { PdfFonts } from './fonts.ts';

export interface PdfOptions extends WriteOptions {
  /** A4 unless told. */
  pageSize?: PageSize;
}

/**
 * The model laid out as a PDF: DejaVu Sans (four faces) and DejaVu Sans Mono embedded as subsets,
 * so Vietnamese prints and copies exactly; lines broken by measured widths, headings sized by
 * level, lists indented by depth, tables sized by content with wrapped cells, pages numbered in
 * the footer, links as URI annotations over their text. Pages, slides and sheets each start a new
 * page; sections flow on. It holds no script, no launch action and no attached file.
 */
export async function writePdf(model: DocumentModel, options: PdfOptions = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const fonts = await PdfFonts.embed(document);
  const canvas = new PdfCanvas(document, fonts, options.pageSize ?? 'A4');
  model.parts.forEach((part, index) => {
    if (startsOnNewPage(part, index) && !canvas.atPageTop) canvas.newPage();
    for (const block of partBlocks(part)) drawBlock(canvas, block);
  });
  canvas.numberPages();

  const title = resolveTitle(model, options);
  if (title) document.setTitle(title, { showInWindowTitleBar: true });
  document.setLanguage(resolveLanguage(options));
  document.setCreator('AI Studio');
  document.setProducer('AI Studio (pdf-lib)');
  // Without object streams every dictionary stays readable in the file, which keeps it open to
  // the simplest checks (and to older readers).
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
