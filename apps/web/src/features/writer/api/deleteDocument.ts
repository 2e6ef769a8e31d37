import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions } from '../../../lib/query';
import { documentPath } from './getDocument';
import { documentsQueryKey } from './listDocuments';

/** DELETE /api/writer/documents/{id}: the document and every version of it. */
export async function deleteDocument(id: string): Promise<void> {
  await cookieClient.delete(documentPath(id));
}

export const deleteDocumentMutation = mutationOptions({
  mutationFn: (id: string) => deleteDocument(id),
  invalidates: [documentsQueryKey],
});
