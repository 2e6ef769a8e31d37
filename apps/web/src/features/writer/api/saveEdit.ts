import { type writerEditRequest, writerVersion, type WriterVersion } from '@studio/contracts';
import type { z } from 'zod';
import { cookieClient } from '../../../lib/api/clients';
import { documentPath } from './getDocument';

/**
 * PUT /api/writer/documents/{id}: the user's own edit, kept as a version. The contract names no
 * answer for it; this reads the version it made, as a generation's `done` carries one.
 */
export async function saveEdit(
  documentId: string,
  edit: z.input<typeof writerEditRequest>,
): Promise<WriterVersion> {
  const { data } = await cookieClient.put<unknown>(documentPath(documentId), edit);
  return writerVersion.parse(data);
}
