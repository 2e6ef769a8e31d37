import { writerSavedTemplate, type WriterSavedTemplate } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions, setQueryData } from '../../../lib/query';
import { templatesPath } from './listSavedTemplates';
import { savedTemplatesKey } from './savedTemplatesKey';

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
