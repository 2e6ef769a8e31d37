import type { WriterExportFormat, WriterLanguage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import type { DownloadedFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { fileNameFromDisposition } from '../../../lib/api/fileName';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { documentPath } from './getDocument';

export interface ExportedText {
  title: string;
  content: string;
  language: WriterLanguage;
  /** A signed-in user's saved document, unedited since: exported from the server's copy. */
  documentId: string | null;
}

/** The file's name when the server gives none: the title, kept to safe characters. */
export function exportFileName(title: string, format: WriterExportFormat): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'document'}.${format}`;
}

/**
 * A document as DOCX, PDF or Markdown: GET /api/writer/documents/{id}/export?format= for a
 * saved document, else POST /api/writer/exports with the text as it stands (a visitor's, or an
 * unsaved edit).
 */
export async function exportDocument(
  text: ExportedText,
  format: WriterExportFormat,
): Promise<DownloadedFile> {
  const response = text.documentId
    ? await cookieClient.get<Blob>(`${documentPath(text.documentId)}/export`, {
        params: { format },
        responseType: 'blob',
      })
    : await cookieClient.post<Blob>(
        '/api/writer/exports',
        { title: text.title, content: text.content, language: text.language, format },
        { responseType: 'blob', headers: visitorHeaders() },
      );
  return {
    blob: response.data,
    fileName:
      fileNameFromDisposition(response.headers.get('content-disposition')) ??
      exportFileName(text.title, format),
  };
}
