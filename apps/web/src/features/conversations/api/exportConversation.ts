import type { ExportFormat } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { isHttpFailure } from '../../../lib/api/errorText';
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
  // environment (jsdom's XHR cannot hand over a Blob).
  const response = await cookieClient
    .get<ArrayBuffer>(`/api/chat/export/${encodeURIComponent(conversationId)}`, {
      params: { format },
      responseType: 'arraybuffer',
    })
    .catch(readErrorBody);
  const header: unknown = response.headers['content-disposition'];
  const type: unknown = response.headers['content-type'];
  const fileName =
    fileNameFromDisposition(typeof header === 'string' ? header : null) ??
    fallbackExportName(conversationId, format);
  const blob = new Blob([response.data], {
    type: typeof type === 'string' ? type : 'application/octet-stream',
  });
  return { blob, fileName };
}

/**
 * An error body arrives as bytes too: read it back as JSON so the server's message reaches the
 * user (§8) like any other call's.
 */
function readErrorBody(error: unknown): never {
  const data: unknown = isHttpFailure(error) ? error.response?.data : null;
  if (isHttpFailure(error) && error.response && data instanceof ArrayBuffer) {
    try {
      error.response.data = JSON.parse(new TextDecoder().decode(data)) as unknown;
    } catch {
      error.response.data = null;
    }
  }
  throw error;
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
