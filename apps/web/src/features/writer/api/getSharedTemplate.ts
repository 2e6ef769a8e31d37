import { writerSavedTemplate, type WriterSavedTemplate } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';
import { templatesPath } from './listSavedTemplates';

/** GET /api/writer/templates/shared/{token}: a template someone shared, for anyone to open. */
export async function getSharedTemplate(
  token: string,
  signal?: AbortSignal,
): Promise<WriterSavedTemplate> {
  const { data } = await cookieClient.get<unknown>(
    `${templatesPath}/shared/${encodeURIComponent(token)}`,
    { signal },
  );
  return writerSavedTemplate.parse(data);
}

export function useSharedTemplate(token: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['writer', 'shared-template', token],
      queryFn: (signal) => getSharedTemplate(token ?? '', signal),
      enabled: token !== null,
    }),
  );
}
