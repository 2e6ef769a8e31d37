import type { ChatExportJob, ExportFormat } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * POST /api/chat/export/{id}/jobs: exports the conversation in the background; the job (202) is
 * followed at /api/jobs/{id}, and its file downloaded from /api/jobs/{id}/result once completed.
 */
export async function startExport(
  conversationId: string,
  format: ExportFormat,
): Promise<ChatExportJob> {
  const response = await cookieClient.post<ChatExportJob>(
    `/api/chat/export/${encodeURIComponent(conversationId)}/jobs`,
    { format },
  );
  return response.data;
}
