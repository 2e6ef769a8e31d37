import {
  officeConversions,
  type OfficeCatalogueResponse,
  type OfficeDocument,
  type OfficeJob,
} from '@studio/contracts';
import { Button, Heading, Inline, Stack, Text } from '@studio/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { startOfficeConversion, startOfficeTranslation } from '../api/jobs';
import type { OfficeJobControls } from '../hooks/useOfficeJob';
import { JobStatus } from './JobStatus';
import { MadeDocument } from './MadeDocument';
import { FailureNotice } from './RefusalNotice';

export interface TransformPanelProps {
  document: OfficeDocument;
  catalogue: OfficeCatalogueResponse;
  onOpen: (document: OfficeDocument) => void;
  /** The translation's and the conversion's jobs, kept by the view: they go on behind a tab. */
  translation: OfficeJobControls;
  conversion: OfficeJobControls;
}

function JobSection({
  title,
  description,
  actions,
  run,
  onOpen,
  catalogue,
}: {
  title: string;
  description: string;
  actions: { label: string; key: string; start: () => void }[];
  run: OfficeJobControls;
  onOpen: (document: OfficeDocument) => void;
  catalogue: OfficeCatalogueResponse;
}) {
  const headingId = useId();
  const { t } = useTranslation('office');
  return (
    <Stack as="section" gap="sm" aria-labelledby={headingId}>
      <Heading level={4} as="h3" id={headingId}>
        {title}
      </Heading>
      <Text as="p" size="sm" tone="secondary">
        {description}
      </Text>
      <Inline gap="sm">
        {actions.map((action) => (
          <Button key={action.key} size="sm" disabled={run.busy} onClick={action.start}>
            {action.label}
          </Button>
        ))}
      </Inline>
      {run.busy ? <JobStatus job={run.job} onCancel={() => void run.cancel()} /> : null}
      {run.run?.status === 'completed' && run.run.document ? (
        <MadeDocument document={run.run.document} onOpen={onOpen} />
      ) : null}
      {run.run?.status === 'failed' ? (
        <FailureNotice error={run.run.error} limits={catalogue.limits} />
      ) : null}
      {run.run?.status === 'cancelled' ? (
        <Text as="p" role="status" size="sm" tone="secondary">
          {t('job.cancelled')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Translate (to English, to Vietnamese: headings, lists and tables kept) and Convert (to the
 * formats the catalogue offers for this one), each a job whose document joins the list.
 */
export function TransformPanel({
  document,
  catalogue,
  onOpen,
  translation,
  conversion,
}: TransformPanelProps) {
  const { t } = useTranslation('office');
  const targets = catalogue.conversions[document.format] ?? officeConversions[document.format];
  const begin = (job: OfficeJobControls, start: () => Promise<OfficeJob>) => () =>
    void job.start(() => start());

  return (
    <Stack gap="xl">
      <JobSection
        title={t('translate.title')}
        description={t('translate.description')}
        run={translation}
        onOpen={onOpen}
        catalogue={catalogue}
        actions={(['en', 'vi'] as const).map((to) => ({
          key: to,
          label: t(`translate.to.${to}`),
          start: begin(translation, () => startOfficeTranslation(document.id, { to, model: null })),
        }))}
      />
      <JobSection
        title={t('convert.title')}
        description={
          targets.length === 0
            ? t('convert.none')
            : [
                t('convert.description', { format: document.format.toUpperCase() }),
                // CSV has room for one table: say which, and where the others are.
                targets.includes('csv') && document.tables > 1
                  ? t('convert.csvFirstTable', { count: document.tables })
                  : null,
              ]
                .filter(Boolean)
                .join(' ')
        }
        run={conversion}
        onOpen={onOpen}
        catalogue={catalogue}
        actions={targets.map((to) => ({
          key: to,
          label: t('convert.to', { format: to.toUpperCase() }),
          start: begin(conversion, () => startOfficeConversion(document.id, { to })),
        }))}
      />
    </Stack>
  );
}
