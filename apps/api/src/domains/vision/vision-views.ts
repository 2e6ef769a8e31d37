import type { VisionAnswer, VisionRead } from '@studio/contracts';
import type { StoredVisionRead } from './vision.repository.ts';

/** Where a read's picture is served: its owner's only (a session or the visitor's key). */
export const readFileUrl = (id: string) => `/api/vision/reads/${encodeURIComponent(id)}/file`;

/** A read as the API shows it (its file by URL, never by key). */
export function toVisionRead(read: StoredVisionRead, answers: VisionAnswer[]): VisionRead {
  return {
    id: read.id,
    fileUrl: readFileUrl(read.id),
    fileName: read.fileName,
    width: read.width,
    height: read.height,
    languages: read.languages,
    text: read.text,
    confidence: read.confidence,
    lines: read.lines,
    hasTable: read.hasTable,
    engine: read.engine,
    answers,
    createdAt: read.createdAt,
    expiresAt: read.expiresAt,
  };
}

/** A file name's base without its extension, safe for a download (`receipt-march`), or `picture`. */
export function fileBaseName(fileName: string): string {
  return (
    fileName
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'picture'
  );
}

/** The name an uploaded picture is kept under: the client's, cleaned, or `picture.<ext>`. */
export function keptFileName(clientName: string | null, extension: string): string {
  const cleaned = (clientName ?? '')
    .normalize('NFC')
    .replace(/^.*[/\\]/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || `picture.${extension}`;
}
