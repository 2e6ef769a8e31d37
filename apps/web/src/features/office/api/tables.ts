import { officeTablesResponse, type OfficeTablesResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { documentPath } from './documents';

/** GET /api/office/documents/{id}/tables: the tables found, each with its first rows. */
export async function getOfficeTables(
  id: string,
  signal?: AbortSignal,
): Promise<OfficeTablesResponse> {
  const { data } = await cookieClient.get<unknown>(`${documentPath(id)}/tables`, {
    signal,
    headers: visitorHeaders(),
  });
  return officeTablesResponse.parse(data);
}
