import type { OfficeDocument } from '@studio/contracts';
import type { StoredOfficeDocument } from './office.repository.ts';

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
