import {
  OFFICE_PROMPT_MAX_LENGTH,
  type OfficeCatalogueResponse,
  type OfficeDocument,
  type OfficeGeneratedFormat,
  type OfficeLanguage,
} from '@studio/contracts';
import { Button, Heading, Inline, Select, Stack, Text, TextArea } from '@studio/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startOfficeGeneration } from '../api/jobs';
import { useOfficeJob } from '../hooks/useOfficeJob';
import { JobStatus } from './JobStatus';
import { FailureNotice } from './RefusalNotice';
import * as styles from './office.css';

export interface GeneratePanelProps {
  catalogue: OfficeCatalogueResponse;
  /** The interface's language: the document's, unless chosen otherwise. */
  language: OfficeLanguage;
  /** The document is made: the page opens it. */
  onMade: (document: OfficeDocument) => void;
  onSettled: () => void;
}

/**
 * A new document from a prompt: a DOCX report, an XLSX table or a PPTX outline, in English or
 * Vietnamese, made as a job; a sandbox model is said to lay the words out rather than write.
 */
export function GeneratePanel({ catalogue, language, onMade, onSettled }: GeneratePanelProps) {
  const { t } = useTranslation('office');
  const headingId = useId();
  const [format, setFormat] = useState<OfficeGeneratedFormat>(
    catalogue.generatedFormats[0] ?? 'docx',
  );
  const [documentLanguage, setDocumentLanguage] = useState<OfficeLanguage>(language);
  const [prompt, setPrompt] = useState('');
  const [missing, setMissing] = useState(false);
  const generation = useOfficeJob({ onDocument: onMade, onSettled });
  const model = catalogue.models.find((one) => one.id === catalogue.defaultModel);
  const run = generation.run;

  const submit = () => {
    if (!prompt.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void generation.start(() =>
      startOfficeGeneration({
        format,
        prompt: prompt.trim(),
        language: documentLanguage,
        model: catalogue.defaultModel,
      }),
    );
  };

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <Heading level={4} as="h2" id={headingId}>
        {t('generate.title')}
      </Heading>
      {model?.sandbox ? (
        <Text as="p" size="sm" tone="secondary">
          {t('generate.sandbox')}
        </Text>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Inline gap="md" collapseBelow="tablet">
            <Select
              label={t('generate.format')}
              placeholder={false}
              value={format}
              options={catalogue.generatedFormats.map((one) => ({
                value: one,
                label: t(`generate.formats.${one}`),
              }))}
              onChange={(event) => setFormat(event.target.value as OfficeGeneratedFormat)}
            />
            <Select
              label={t('generate.language')}
              placeholder={false}
              value={documentLanguage}
              options={(['en', 'vi'] as const).map((one) => ({
                value: one,
                label: t(`languages.${one}`),
              }))}
              onChange={(event) => setDocumentLanguage(event.target.value as OfficeLanguage)}
            />
          </Inline>
          <TextArea
            label={t('generate.prompt')}
            placeholder={t('generate.promptPlaceholder')}
            rows={4}
            maxLength={OFFICE_PROMPT_MAX_LENGTH}
            value={prompt}
            error={missing ? t('generate.promptRequired') : undefined}
            onChange={(event) => setPrompt(event.target.value)}
          />
          <div>
            <Button type="submit" disabled={generation.busy}>
              {t('generate.submit')}
            </Button>
          </div>
        </Stack>
      </form>
      {generation.busy ? (
        <JobStatus job={generation.job} onCancel={() => void generation.cancel()} />
      ) : null}
      {run?.status === 'completed' && run.document ? (
        <Text as="p" role="status" size="sm">
          {t('generate.done', { name: run.document.fileName })}
        </Text>
      ) : null}
      {run?.status === 'failed' ? (
        <FailureNotice error={run.error} limits={catalogue.limits} />
      ) : null}
      {run?.status === 'cancelled' ? (
        <Text as="p" role="status" size="sm" tone="secondary">
          {t('job.cancelled')}
        </Text>
      ) : null}
    </section>
  );
}
