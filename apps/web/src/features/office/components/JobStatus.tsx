import type { JobView } from '@studio/contracts';
import { Button, Inline, Stack } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/JobProgress';

export interface JobStatusProps {
  job: JobView | null;
  /** 0–1 while an upload's bytes leave; null once the job runs (or for a job with no upload). */
  uploaded?: number | null;
  onCancel: () => void;
}

/**
 * An office job's progress: the upload, then its stages in words (inspecting, reading, reading
 * the scanned pages with the pages done of total, writing, storing), with a Cancel button.
 */
export function JobStatus({ job, uploaded = null, onCancel }: JobStatusProps) {
  const { t } = useTranslation('office');
  const progress = job?.progress ?? null;
  let label: string;
  let percent: number | null;
  if (uploaded !== null && !job) {
    label = t('stages.uploading');
    percent = uploaded * 100;
  } else if (!progress) {
    label = t('stages.queued');
    percent = null;
  } else {
    const steps = progress.steps;
    label =
      progress.stage === 'ocr' && steps
        ? t('stages.ocrPages', { done: steps.done, total: steps.total })
        : t(`stages.${progress.stage}`, { defaultValue: t('stages.working') });
    percent = progress.percent;
  }
  return (
    <Stack gap="sm" aria-live="polite">
      <JobProgress percent={percent} label={label} />
      <Inline gap="sm">
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('job.cancel')}
        </Button>
      </Inline>
    </Stack>
  );
}
