import {
  writerSavedTemplate,
  type writerSaveTemplateRequest,
  type WriterSavedTemplate,
} from '@studio/contracts';
import { z } from 'zod';
import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions, queryOptions, setQueryData, useQuery } from '../../../lib/query';

/*
 * A signed-in user's saved templates. The contract has the saved template and the request that
 * saves one; the list, the share and the shared template's paths below are the ones this page
 * expects of the API (the list answers { templates }, newest first).
 */

const templatesPath = '/api/writer/templates';
export const savedTemplatesKey = ['writer', 'templates'] as const;

const savedTemplatesResponse = z.object({ templates: z.array(writerSavedTemplate) });

/** GET /api/writer/templates: the user's saved templates, newest first. */
export async function listSavedTemplates(signal?: AbortSignal): Promise<WriterSavedTemplate[]> {
  const { data } = await cookieClient.get<unknown>(templatesPath, { signal });
  return savedTemplatesResponse.parse(data).templates;
}

export const savedTemplatesQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...savedTemplatesKey, account],
    queryFn: (signal) => listSavedTemplates(signal),
    enabled: account !== null,
  });

export function useSavedTemplates(account: string | null) {
  return useQuery(savedTemplatesQueryOptions(account));
}

/** POST /api/writer/templates: the current settings kept under a name. */
export async function saveTemplate(
  request: z.input<typeof writerSaveTemplateRequest>,
): Promise<WriterSavedTemplate> {
  const { data } = await cookieClient.post<unknown>(templatesPath, request);
  return writerSavedTemplate.parse(data);
}

export const saveTemplateMutation = (account: string | null) =>
  mutationOptions({
    mutationFn: (request: z.input<typeof writerSaveTemplateRequest>) => saveTemplate(request),
    onSuccess: (saved) =>
      setQueryData<WriterSavedTemplate[]>([...savedTemplatesKey, account], (all) => [
        saved,
        ...all,
      ]),
  });

/** POST /api/writer/templates/{id}/share: the template with its share token (made once). */
export async function shareTemplate(id: string): Promise<WriterSavedTemplate> {
  const { data } = await cookieClient.post<unknown>(
    `${templatesPath}/${encodeURIComponent(id)}/share`,
  );
  return writerSavedTemplate.parse(data);
}

export const shareTemplateMutation = (account: string | null) =>
  mutationOptions({
    mutationFn: (id: string) => shareTemplate(id),
    onSuccess: (shared) =>
      setQueryData<WriterSavedTemplate[]>([...savedTemplatesKey, account], (all) =>
        all.map((one) => (one.id === shared.id ? shared : one)),
      ),
  });

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
