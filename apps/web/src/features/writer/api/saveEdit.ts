import { type writerEditRequest, writerDocument, type WriterDocument } from '@studio/contracts';
import type { z } from 'zod';
import { cookieClient } from '../../../lib/api/clients';
import { documentPath } from './getDocument';

/**
 * PUT /api/writer/documents/{id}: the user's own edit, kept as a new version. Answers the document
 * as it now stands (its title, its current version); the versions are read with listVersions.
 */
export async function saveEdit(
  documentId: string,
  edit: z.input<typeof writerEditRequest>,
): Promise<WriterDocument> {
  const { data } = await cookieClient.put<unknown>(documentPath(documentId), edit);
  return writerDocument.parse(data);
}
