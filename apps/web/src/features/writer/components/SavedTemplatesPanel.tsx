import type { WriterSavedTemplate } from '@studio/contracts';
import { Button, Heading, Inline, Stack, Text, TextField } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './writer.css';

export interface SavedTemplatesPanelProps {
  signedIn: boolean;
  /** null while they load. */
  templates: readonly WriterSavedTemplate[] | null;
  problem: string | null;
  saving: boolean;
  onSave: (name: string) => Promise<boolean>;
  onUse: (template: WriterSavedTemplate) => void;
  onShare: (template: WriterSavedTemplate) => void;
  onDelete: (template: WriterSavedTemplate) => void;
  /** What the last share said: copied, or why not. */
  shareNotice: { tone: 'secondary' | 'critical'; text: string } | null;
}

/** The user's own templates: save the current settings, use one again, copy its share link. */
export function SavedTemplatesPanel({
  signedIn,
  templates,
  problem,
  saving,
  onSave,
  onUse,
  onShare,
  onDelete,
  shareNotice,
}: SavedTemplatesPanelProps) {
  const { t } = useTranslation('writer');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <section aria-labelledby="writer-templates-title" className={styles.panel}>
        <Stack gap="md">
          <Heading level={4} as="h2" id="writer-templates-title">
            {t('saved.title')}
          </Heading>
          <Text as="p" size="sm" tone="secondary">
            {t('saved.signIn')}
          </Text>
        </Stack>
      </section>
    );
  }

  const save = async () => {
    if (!name.trim()) {
      setNameError(t('saved.nameRequired'));
      return;
    }
    setNameError(null);
    if (await onSave(name.trim())) setName('');
  };

  return (
    <section aria-labelledby="writer-templates-title" className={styles.panel}>
      <Stack gap="md">
        <Heading level={4} as="h2" id="writer-templates-title">
          {t('saved.title')}
        </Heading>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Inline gap="sm" align="end">
            <TextField
              label={t('saved.name')}
              value={name}
              maxLength={100}
              error={nameError ?? undefined}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" size="sm" variant="secondary" loading={saving} disabled={saving}>
              {t('saved.save')}
            </Button>
          </Inline>
        </form>
        {problem ? (
          <Text as="p" size="sm" tone="critical" role="alert">
            {problem}
          </Text>
        ) : null}
        {templates && templates.length > 0 ? (
          <ul className={styles.list} aria-label={t('saved.list')}>
            {templates.map((template) => (
              <li key={template.id} className={styles.row}>
                <Stack gap="xs">
                  <Text weight="semibold">{template.name}</Text>
                  <Text size="sm" tone="secondary">
                    {t(`templates.${template.template}.name`)} · {t(`tones.${template.tone}`)}
                  </Text>
                </Stack>
                <Inline gap="xs">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('saved.useNamed', { name: template.name })}
                    onClick={() => onUse(template)}
                  >
                    {t('saved.use')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('saved.shareNamed', { name: template.name })}
                    onClick={() => onShare(template)}
                  >
                    {t('saved.share')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('saved.deleteNamed', { name: template.name })}
                    onClick={() => onDelete(template)}
                  >
                    {t('saved.delete')}
                  </Button>
                </Inline>
              </li>
            ))}
          </ul>
        ) : templates ? (
          <Text as="p" size="sm" tone="secondary">
            {t('saved.none')}
          </Text>
        ) : null}
        {shareNotice ? (
          <Text
            as="p"
            size="sm"
            tone={shareNotice.tone}
            role={shareNotice.tone === 'critical' ? 'alert' : 'status'}
          >
            {shareNotice.text}
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}
