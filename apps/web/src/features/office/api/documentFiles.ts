import type { OfficeDocument } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { fileNameFromDisposition } from '../../../lib/api/fileName';
import type { DownloadedFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { documentPath } from './documents';

/** Where the API serves the office files: a document's own, its tables', its pages' pictures. */
const OFFICE_FILE_PATH = /^\/api\/office\/documents\/[^?#]+$/;

/**
 * GET one of the office routes' files as bytes, with the session or the visitor's key. Only
 * those routes' own paths: the client adds credentials to every request, so an address pointing
 * elsewhere is refused.
 */
async function officeFile(
  url: string,
  fallbackName: string,
  params?: Record<string, string>,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  if (!OFFICE_FILE_PATH.test(url) || url.includes('..')) throw new Error('Not an office file.');
  const response = await cookieClient.get<Blob>(url, {
    responseType: 'blob',
    params,
    signal,
    headers: visitorHeaders(),
  });
  return {
    blob: response.data,
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName,
  };
}

/** GET the document's file (its fileUrl), named as the server names it. */
export function downloadOfficeDocument(document: OfficeDocument): Promise<DownloadedFile> {
  return officeFile(document.fileUrl, document.fileName);
}

/** GET …/tables/{number}?format=csv|xlsx: one table as a file of its own. */
export function downloadOfficeTable(
  document: Pick<OfficeDocument, 'id' | 'fileName'>,
  table: number,
  format: 'csv' | 'xlsx',
): Promise<DownloadedFile> {
  const base = document.fileName.replace(/\.[^.]+$/, '');
  return officeFile(`${documentPath(document.id)}/tables/${table}`, `${base}-${table}.${format}`, {
    format,
  });
}

/** GET …/pages/{n}.png: a PDF page as a picture, to show beside its extracted text. */
export async function getOfficePageImage(
  documentId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Blob> {
  const file = await officeFile(
    `${documentPath(documentId)}/pages/${page}.png`,
    `${page}.png`,
    undefined,
    signal,
  );
  return file.blob;
}
