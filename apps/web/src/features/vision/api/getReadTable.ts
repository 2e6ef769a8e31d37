import type { VisionRead, VisionTableFormat } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import type { DownloadedFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { fileNameFromDisposition } from '../../../lib/api/fileName';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { downloadName } from '../model/readText';

/**
 * GET /api/vision/reads/{id}/table?format=csv|xlsx: the text's columns as a spreadsheet, named
 * by the server (else after the picture); 409 when the text is not laid out as a table.
 */
export async function getReadTable(
  read: Pick<VisionRead, 'id' | 'fileName'>,
  format: VisionTableFormat,
): Promise<DownloadedFile> {
  const response = await cookieClient.get<ArrayBuffer>(
    `/api/vision/reads/${encodeURIComponent(read.id)}/table`,
    { params: { format }, responseType: 'arraybuffer', headers: visitorHeaders() },
  );
  const blob = new Blob([response.data], {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
  return {
    blob,
    fileName:
      fileNameFromDisposition(response.headers.get('content-disposition')) ??
      downloadName(read, format),
  };
}
