import { officeCatalogueResponse, type OfficeCatalogueResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * GET /api/office/catalogue: the formats read, what each converts to, what can be generated, the
 * models that answer and write, and the caller's limits (file size, pages, pages left today).
 */
export async function getOfficeCatalogue(signal?: AbortSignal): Promise<OfficeCatalogueResponse> {
  const { data } = await cookieClient.get<unknown>('/api/office/catalogue', {
    signal,
    headers: visitorHeaders(),
  });
  return officeCatalogueResponse.parse(data);
}

const officeCatalogueKey = ['office', 'catalogue'] as const;

/** Keyed by who asks: signing in or out changes the plan, the models and the allowance. */
export function useOfficeCatalogue(account: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...officeCatalogueKey, account],
      queryFn: (signal) => getOfficeCatalogue(signal),
    }),
  );
}

/** After a read (or a refusal) the pages left today have moved: read them again. */
export function refreshOfficeCatalogue(): void {
  invalidateQueries(officeCatalogueKey);
}
