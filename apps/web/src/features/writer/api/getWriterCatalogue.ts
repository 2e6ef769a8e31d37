import { writerCatalogueResponse, type WriterCatalogueResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * GET /api/writer/catalogue: the templates with their fields, the networks' limits, the chat's
 * models for the caller's plan, and the day's writing allowance.
 */
export async function getWriterCatalogue(signal?: AbortSignal): Promise<WriterCatalogueResponse> {
  const { data } = await cookieClient.get<unknown>('/api/writer/catalogue', {
    signal,
    headers: visitorHeaders(),
  });
  return writerCatalogueResponse.parse(data);
}

const writerCatalogueKey = ['writer', 'catalogue'] as const;

/** Keyed by who asks: signing in or out changes the models and the allowance. */
export const writerCatalogueQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...writerCatalogueKey, account],
    queryFn: (signal) => getWriterCatalogue(signal),
  });

export function useWriterCatalogue(account: string | null) {
  return useQuery(writerCatalogueQueryOptions(account));
}

/** After a generation (or a refusal) what is left today has moved: read it again. */
export function refreshWriterCatalogue(): void {
  invalidateQueries(writerCatalogueKey);
}
