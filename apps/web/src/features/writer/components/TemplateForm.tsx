import {
  socialNetworks,
  writerLanguages,
  writerLengths,
  writerTemplateIds,
  writerTones,
  type WriterCatalogueResponse,
  type WriterTemplateId,
} from '@studio/contracts';
import { Button, Heading, Select, Stack, TextArea, TextField } from '@studio/ui';
import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem, WriterSettings } from '../model/settings';
import * as styles from './writer.css';

export interface TemplateFormProps {
  settings: WriterSettings;
  onChange: (settings: WriterSettings) => void;
  catalogue: WriterCatalogueResponse;
  model: string | null;
  onModel: (model: string) => void;
  problems: Record<string, FieldProblem>;
  busy: boolean;
  onWrite: () => void;
}

/** The template, its own fields, and how the piece should read: then "Write". */
export function TemplateForm({
  settings,
  onChange,
  catalogue,
  model,
  onModel,
  problems,
  busy,
  onWrite,
}: TemplateFormProps) {
  const { t } = useTranslation('writer');
  const template = catalogue.templates.find((one) => one.id === settings.template);
  const set = (change: Partial<WriterSettings>) => onChange({ ...settings, ...change });
  const setField = (key: string, value: string) =>
    set({ fields: { ...settings.fields, [key]: value } });
  const problemText = (key: string, label: string) => {
    const problem = problems[key];
    if (!problem) return undefined;
    return problem.kind === 'required'
      ? t('form.required', { field: label })
      : t('form.tooLong', { field: label, max: problem.max });
  };
  const isTemplate = (value: string): value is WriterTemplateId =>
    (writerTemplateIds as readonly string[]).includes(value);

  return (
    <section aria-labelledby="writer-form-title" className={styles.panel}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onWrite();
        }}
      >
        <Stack gap="md">
          <Heading level={4} as="h2" id="writer-form-title">
            {t('form.title')}
          </Heading>
          <Select
            label={t('form.template')}
            placeholder={false}
            value={settings.template}
            disabled={busy}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isTemplate(value)) set({ template: value });
            }}
            options={catalogue.templates.map((one) => ({
              value: one.id,
              label: t(`templates.${one.id}.name`),
            }))}
          />
          {template?.fields.map((field) => {
            const label = t(`templates.${settings.template}.fields.${field.key}`);
            const value = settings.fields[field.key] ?? '';
            const common = {
              label,
              value,
              disabled: busy,
              required: field.required,
              optional: !field.required,
              error: problemText(field.key, label),
            };
            if (field.kind === 'network') {
              return (
                <Select
                  key={field.key}
                  {...common}
                  placeholder={t('form.chooseNetwork')}
                  onChange={(event) => setField(field.key, event.currentTarget.value)}
                  options={socialNetworks.map((network) => ({
                    value: network,
                    label: t('form.networkOption', {
                      network: t(`networks.${network}`),
                      limit: (catalogue.socialNetworkLimits[network] ?? 0).toLocaleString('en-US'),
                    }),
                  }))}
                />
              );
            }
            return field.kind === 'text' ? (
              <TextArea
                key={field.key}
                {...common}
                rows={field.maxLength > 4000 ? 8 : 3}
                maxLength={field.maxLength}
                onChange={(event) => setField(field.key, event.currentTarget.value)}
              />
            ) : (
              <TextField
                key={field.key}
                {...common}
                maxLength={field.maxLength}
                onChange={(event) => setField(field.key, event.currentTarget.value)}
              />
            );
          })}
          <Select
            label={t('form.tone')}
            placeholder={false}
            value={settings.tone}
            disabled={busy}
            onChange={(event) => {
              const tone = writerTones.find((one) => one === event.currentTarget.value);
              if (tone) set({ tone });
            }}
            options={writerTones.map((tone) => ({ value: tone, label: t(`tones.${tone}`) }))}
          />
          <Select
            label={t('form.length')}
            placeholder={false}
            value={settings.length}
            disabled={busy}
            onChange={(event) => {
              const length = writerLengths.find((one) => one === event.currentTarget.value);
              if (length) set({ length });
            }}
            options={writerLengths.map((length) => ({
              value: length,
              label: t(`lengths.${length}`),
            }))}
          />
          <TextField
            label={t('form.audience')}
            optional
            value={settings.audience}
            maxLength={300}
            disabled={busy}
            onChange={(event) => set({ audience: event.currentTarget.value })}
          />
          <Select
            label={t('form.language')}
            placeholder={false}
            value={settings.language}
            disabled={busy}
            onChange={(event) => {
              const language = writerLanguages.find((one) => one === event.currentTarget.value);
              if (language) set({ language });
            }}
            options={writerLanguages.map((language) => ({
              value: language,
              label: t(`languages.${language}`),
            }))}
          />
          {catalogue.models.length > 1 ? (
            <Select
              label={t('form.model')}
              placeholder={false}
              value={model ?? ''}
              disabled={busy}
              onChange={(event) => onModel(event.currentTarget.value)}
              options={catalogue.models.map((one) => ({ value: one.id, label: one.name }))}
            />
          ) : null}
          <div>
            <Button
              type="submit"
              icon={<PenLine size={18} aria-hidden="true" />}
              loading={busy}
              disabled={busy}
            >
              {t('form.write')}
            </Button>
          </div>
        </Stack>
      </form>
    </section>
  );
}
