/**
 * Any supported file into the document model: inspected first (safety/inspect-file.ts: what it
 * really is, and the refusals), then read by its format's reader, every part held to the text
 * cap. Runs in the calling thread; readDocumentInWorker runs it in a thread with limits.
 */
import { inspectOrThrow } from '../safety/inspect-file.ts';
import { withDefaultLimits } from '../safety/limits.ts';
import { capParts } from './parts.ts';
import { readCsv } from './read-csv.ts';
import { readPptx } from './read-pptx.ts';
import type { ReadNote, ReadOptions, ReadResult } from './read-result.ts';
import { readMarkdown, readText } from './read-text.ts';

export async function readDocument(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const limits = withDefaultLimits(options.limits);
  const inspection = inspectOrThrow(bytes, options.name, {
    limits,
    macros: options.macros ?? 'refuse',
  });
  const notes: ReadNote[] = [];
  if (inspection.macrosIgnored) {
    notes.push({
      code: 'macros-skipped',
      message: 'The file holds macros: they were neither read nor run.',
    });
  }
  let needsOcr: number[] = [];
  let document;
  switch (inspection.format) {
    // pdfjs, mammoth and exceljs are loaded when a file needs them: a fresh thread starts sooner.
    case 'pdf': {
      const { readPdf } = await import('./read-pdf.ts');
      ({ document, needsOcr } = await readPdf(bytes, limits, notes));
      break;
    }
    case 'docx': {
      const { readDocx } = await import('./read-docx.ts');
      document = await readDocx(bytes, limits);
      break;
    }
    case 'xlsx': {
      const { readXlsx } = await import('./read-xlsx.ts');
      document = await readXlsx(bytes, limits, notes);
      break;
    }
    case 'pptx':
      document = readPptx(bytes, limits);
      break;
    case 'csv':
      document = readCsv(bytes, limits, notes);
      break;
    case 'md':
      document = readMarkdown(bytes);
      break;
    case 'txt':
      document = readText(bytes);
      break;
  }
  return {
    document: { ...document, parts: capParts(document.parts, limits.maxCharactersPerPart, notes) },
    needsOcr,
    notes,
  };
}
