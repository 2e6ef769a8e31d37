import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/** DELETE /api/vision/reads/{id}: the read, its picture and its answers. */
export async function deleteRead(id: string): Promise<void> {
  await cookieClient.delete(`/api/vision/reads/${encodeURIComponent(id)}`, {
    headers: visitorHeaders(),
  });
}
