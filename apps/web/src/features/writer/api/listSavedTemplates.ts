import { writerSavedTemplatesResponse, type WriterSavedTemplate } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';
import { savedTemplatesKey } from './savedTemplatesKey';

export const templatesPath = '/api/writer/templates';

/** GET /api/writer/templates: the user's saved templates, newest first. */
export async function listSavedTemplates(signal?: AbortSignal): Promise<WriterSavedTemplate[]> {
  const { data } = await cookieClient.get<unknown>(templatesPath, { signal });
  return writerSavedTemplatesResponse.parse(data).templates;
}

/** A visitor has none: saved templates are kept on the server, for accounts. */
export const savedTemplatesQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...savedTemplatesKey, account],
    queryFn: (signal) => listSavedTemplates(signal),
    enabled: account !== null,
  });

export function useSavedTemplates(account: string | null) {
  return useQuery(savedTemplatesQueryOptions(account));
}
