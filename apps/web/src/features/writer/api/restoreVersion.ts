import { writerVersion, type WriterVersion } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { documentPath } from './getDocument';

/**
 * POST /api/writer/documents/{id}/versions/{versionId}/restore: an earlier version made the
 * current one again, as a new version of kind `restore` (nothing is lost). Not in the contract
 * yet: the path is the one this page expects of the API.
 */
export async function restoreVersion(
  documentId: string,
  versionId: string,
): Promise<WriterVersion> {
  const { data } = await cookieClient.post<unknown>(
    `${documentPath(documentId)}/versions/${encodeURIComponent(versionId)}/restore`,
  );
  return writerVersion.parse(data);
}
