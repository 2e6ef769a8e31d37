import type { WriterSavedTemplate } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions, setQueryData } from '../../../lib/query';
import { templatesPath } from './listSavedTemplates';
import { savedTemplatesKey } from './savedTemplatesKey';

/** DELETE /api/writer/templates/{id}: the template, and the link it was shared by. */
export async function deleteTemplate(id: string): Promise<void> {
  await cookieClient.delete(`${templatesPath}/${encodeURIComponent(id)}`);
}

export const deleteTemplateMutation = (account: string | null) =>
  mutationOptions({
    mutationFn: (template: WriterSavedTemplate) => deleteTemplate(template.id),
    onSuccess: (_nothing, deleted) =>
      setQueryData<WriterSavedTemplate[]>([...savedTemplatesKey, account], (all) =>
        all.filter((one) => one.id !== deleted.id),
      ),
  });
