import { cookieClient } from '../../clients';
import { fileNameFromDisposition } from '../../fileName';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GET /api/jobs/{id}/result: a completed job's file, named by its Content-Disposition (else
 * `fallbackName`). Read as bytes and wrapped here, so it is saved the same way everywhere.
 */
export async function downloadJobResult(
  jobId: string,
  fallbackName: string,
): Promise<DownloadedFile> {
  const response = await cookieClient.get<ArrayBuffer>(
    `/api/jobs/${encodeURIComponent(jobId)}/result`,
    { responseType: 'arraybuffer' },
  );
  const blob = new Blob([response.data], {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
  return {
    blob,
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName,
  };
}

/** Hands a file to the browser's download, then lets its memory go. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
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
