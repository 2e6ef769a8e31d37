import { writerDocument, type WriterDocument } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { documentPath } from './getDocument';

/**
 * POST /api/writer/documents/{id}/versions/{versionId}/restore: an earlier version made the
 * current one again, as a new version of kind `restore` (nothing is lost). Answers the document
 * with the restored text.
 */
export async function restoreVersion(
  documentId: string,
  versionId: string,
): Promise<WriterDocument> {
  const { data } = await cookieClient.post<unknown>(
    `${documentPath(documentId)}/versions/${encodeURIComponent(versionId)}/restore`,
  );
  return writerDocument.parse(data);
}
