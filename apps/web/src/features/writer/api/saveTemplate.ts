import {
  writerSavedTemplate,
  type writerSaveTemplateRequest,
  type WriterSavedTemplate,
} from '@studio/contracts';
import type { z } from 'zod';
import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions, setQueryData } from '../../../lib/query';
import { templatesPath } from './listSavedTemplates';
import { savedTemplatesKey } from './savedTemplatesKey';

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
