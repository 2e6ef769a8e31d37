import { Button, Modal, Stack, Text } from '@studio/ui';
import { Download, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/JobProgress';
import { useExportFailureText } from '../hooks/useExportFailureText';
import type { ExportJob } from '../hooks/useExportJob';
import * as styles from './conversations.css';

export interface ExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The export under way or just ended (useExportJob). */
  exportJob: ExportJob;
}

/** The stages the export job reports, and the steps around it, as the dialog names them. */
const knownStages = new Set(['reading', 'writing', 'storing']);

/**
 * A conversation's export followed as it runs: its stage and progress, cancel, and the file saved
 * once done; a failure says why and offers to try again. Closing the dialog while it runs leaves
 * the export going: the file is still saved when it is done.
 */
export function ExportDialog({ open, onOpenChange, exportJob }: ExportDialogProps) {
  const { t } = useTranslation('conversations');
  const failureText = useExportFailureText();
  const { task, job } = exportJob;
  if (!task) return null;
  const format = t(`exportJob.formats.${task.format}`);
  const title = task.title || t('untitled');

  const stageLabel = () => {
    if (task.step === 'starting' || !job) return t('exportJob.stages.starting');
    if (task.step === 'downloading') return t('exportJob.stages.downloading');
    if (job.state === 'queued') return t('exportJob.stages.queued');
    const stage = job.progress?.stage;
    return stage && knownStages.has(stage)
      ? t(`exportJob.stages.${stage as 'reading' | 'writing' | 'storing'}`)
      : t('exportJob.stages.working');
  };
  const percent =
    task.step === 'downloading'
      ? 100
      : job?.state === 'running'
        ? (job.progress?.percent ?? 0)
        : null;
  const failure = task.error ? failureText(task.error) : null;

  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
      <Modal.Content
        title={t('exportJob.title')}
        description={t('exportJob.description', { title, format })}
      >
        <Modal.Body>
          <Stack gap="md" aria-live="polite">
            {exportJob.busy ? <JobProgress percent={percent} label={stageLabel()} /> : null}
            {task.step === 'saved' ? (
              <Text as="p" size="sm" tone="secondary">
                {t('exportJob.saved', { fileName: task.fileName })}
              </Text>
            ) : null}
            {task.step === 'cancelled' ? (
              <Text as="p" size="sm" tone="secondary">
                {t('exportJob.cancelled')}
              </Text>
            ) : null}
            {task.step === 'failed' ? (
              <div role="alert" className={styles.loadError}>
                <Text as="p" weight="semibold">
                  {t('export.failed')}
                </Text>
                {failure ? (
                  <Text as="p" size="sm" tone="secondary">
                    {failure}
                  </Text>
                ) : null}
              </div>
            ) : null}
            {exportJob.busy ? (
              <Text as="p" size="sm" tone="secondary">
                {t('exportJob.keepsGoing')}
              </Text>
            ) : null}
          </Stack>
        </Modal.Body>
        <Modal.Footer>
          {exportJob.busy ? (
            <>
              <Modal.Close asChild>
                <Button variant="secondary">{t('exportJob.hide')}</Button>
              </Modal.Close>
              <Button
                variant="danger"
                disabled={task.jobId === null || task.step === 'downloading'}
                onClick={() => void exportJob.cancel()}
              >
                {t('exportJob.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Modal.Close asChild>
                <Button variant="secondary">{t('exportJob.done')}</Button>
              </Modal.Close>
              {task.step === 'saved' ? (
                <Button icon={<Download size={16} />} onClick={() => void exportJob.saveAgain()}>
                  {t('exportJob.saveAgain')}
                </Button>
              ) : (
                <Button icon={<RotateCcw size={16} />} onClick={() => void exportJob.retry()}>
                  {task.step === 'cancelled' ? t('exportJob.again') : t('exportJob.retry')}
                </Button>
              )}
            </>
          )}
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
}
