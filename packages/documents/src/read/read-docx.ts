/**
 * DOCX through mammoth: its HTML parsed into blocks (html-blocks.ts), cut into sections by the
 * top-level headings (sectionsOf). mammoth knows no pages, so citations name sections. mammoth
 * unzips with JSZip, which trusts declared sizes: it is given a copy of the package rebuilt from
 * entries inflated here under the caps, without macros, embedded files or pictures.
 */
import mammoth from 'mammoth';
import type { DocumentModel } from '../model.ts';
import { DocumentError } from '../safety/document-error.ts';
import type { ReadLimits } from '../safety/limits.ts';
import { openZip } from '../safety/zip-archive.ts';
import { htmlToBlocks } from './html-blocks.ts';
import { coreTitle, verifiedCopy } from './ooxml-package.ts';
import { firstHeading, sectionsOf } from './parts.ts';

const leftOut = /(^|\/)(vbaProject\.bin|vbaData\.xml)$|\/(media|embeddings|activeX)\//i;

export async function readDocx(bytes: Uint8Array, limits: ReadLimits): Promise<DocumentModel> {
  const zip = openZip(bytes, limits);
  const copy = verifiedCopy(zip, (name) => !leftOut.test(name));
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength) },
      {
        // Pictures are not part of the model: never read, never inlined as data URIs.
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
      },
    );
    html = result.value;
  } catch (error) {
    throw new DocumentError('malformed', 'The DOCX file is damaged and could not be read.', {
      cause: error,
    });
  }
  const blocks = htmlToBlocks(html);
  return {
    format: 'docx',
    title: coreTitle(zip) ?? firstHeading(blocks),
    parts: sectionsOf(blocks),
  };
}
