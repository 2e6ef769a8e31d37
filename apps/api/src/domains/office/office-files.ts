import type { OfficeFormat, OfficeLanguage } from '@studio/contracts';
import {
  type Block,
  type DocumentModel,
  writeCsv,
  writeDocx,
  writeMarkdown,
  writePdf,
  writePptx,
  writeText,
  writeXlsx,
} from '@studio/documents';
import { contentTypeOf } from '../../storage/content-types.ts';

/** The stored file of each format: its extension (the object store's table) and type. */
export function storedTypeOf(format: OfficeFormat): { extension: string; contentType: string } {
  const contentType = contentTypeOf(format);
  if (contentType === null) throw new Error(`the object store keeps no .${format} files`);
  return { extension: format, contentType };
}

/** Every table of a document, in its order, with the part it is in. */
export function tablesOf(model: DocumentModel) {
  return model.parts.flatMap((part) =>
    part.blocks.flatMap((block) =>
      block.type === 'table'
        ? [{ ref: part.ref, table: block as Extract<Block, { type: 'table' }> }]
        : [],
    ),
  );
}

const writeLanguage = (language: OfficeLanguage | null) =>
  language === 'vi' ? ('vi-VN' as const) : ('en-US' as const);

/**
 * A document written as a file of `format` by the documents package's writers (which write no
 * scripts, macros or outside references): CSV takes the document's first table, the paged and
 * office formats every part.
 */
export async function writeDocument(
  model: DocumentModel,
  format: OfficeFormat,
  options: { title: string | null; language: OfficeLanguage | null },
): Promise<Buffer> {
  const settings = { title: options.title, language: writeLanguage(options.language) };
  switch (format) {
    case 'docx':
      return writeDocx(model, settings);
    case 'pdf':
      return writePdf(model, settings);
    case 'xlsx':
      return writeXlsx(model, settings);
    case 'pptx':
      return writePptx(model, settings);
    case 'csv':
      return writeCsv(tablesOf(model)[0]?.table ?? [[]]);
    case 'md':
      return Buffer.from(writeMarkdown(model), 'utf8');
    case 'txt':
      return Buffer.from(writeText(model), 'utf8');
  }
}

/** The file name a made document gets: its source's stem (or its title), and its format. */
export function madeFileName(base: string, format: OfficeFormat, suffix = ''): string {
  const stem =
    base
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      // Characters no file system takes in a name, and control characters.
      // eslint-disable-next-line no-control-regex
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
      .trim()
      .slice(0, 80) || 'document';
  return `${stem}${suffix}.${format}`;
}
