import type { OfficeDocument } from '@studio/contracts';
import { z } from 'zod';
import type { OfficeDocumentsCursor, StoredOfficeDocument } from './office.repository.ts';

/** Where a document's file is served: its owner's only. */
export const officeDocumentUrl = (id: string, rest = '') =>
  `/api/office/documents/${encodeURIComponent(id)}${rest}`;

/** A kept document as the API shows it (never a storage key). */
export function toOfficeDocument(document: StoredOfficeDocument): OfficeDocument {
  return {
    id: document.id,
    fileName: document.fileName,
    format: document.format,
    bytes: document.bytes,
    title: document.title,
    parts: document.parts,
    partKind: document.partKind,
    ocrParts: document.ocrParts,
    tables: document.tables,
    operation: document.operation,
    sourceId: document.sourceId,
    fileUrl: officeDocumentUrl(document.id, '/file'),
    createdAt: document.createdAt,
    expiresAt: document.expiresAt,
  };
}

const cursorShape = z.object({ t: z.string().max(40), i: z.string().max(100) });

export function encodeDocumentsCursor(cursor: OfficeDocumentsCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.createdAt, i: cursor.id })).toString('base64url');
}

/** The cursor's position, or null when it is not one this API made. */
export function decodeDocumentsCursor(text: string): OfficeDocumentsCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString()));
    return parsed.success ? { createdAt: parsed.data.t, id: parsed.data.i } : null;
  } catch {
    return null;
  }
}
