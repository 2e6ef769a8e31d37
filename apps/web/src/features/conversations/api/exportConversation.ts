import type { ExportFormat } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { fallbackExportName, fileNameFromDisposition } from './exportFileName';

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GET /api/chat/export/{id}?format=json|markdown, as a file: named by Content-Disposition, else
 * conversation-{id}.json (or .md) (§7).
 */
export async function exportConversation(
  conversationId: string,
  format: ExportFormat,
): Promise<ExportedFile> {
  // Bytes rather than responseType 'blob': the file is wrapped once here, the same way in every
  // environment (a Blob from jsdom's fetch is not jsdom's own).
  const response = await cookieClient.get<ArrayBuffer>(
    `/api/chat/export/${encodeURIComponent(conversationId)}`,
    { params: { format }, responseType: 'arraybuffer' },
  );
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    fallbackExportName(conversationId, format);
  const blob = new Blob([response.data], {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
  return { blob, fileName };
}

/** Hands a file to the browser's download, then lets its memory go. */
export function saveFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export and download in one step. */
export async function downloadConversation(
  conversationId: string,
  format: ExportFormat,
): Promise<string> {
  const file = await exportConversation(conversationId, format);
  saveFile(file);
  return file.fileName;
}
