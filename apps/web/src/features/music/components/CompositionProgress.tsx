import { musicJobStages, type JobView } from '@studio/contracts';
import { Button } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/JobProgress';
import * as styles from './music.css';

export interface CompositionProgressProps {
  /** The job as last told; null before its first event. */
  job: JobView | null;
  onCancel: () => void;
  /** Cancel needs the job's id. */
  canCancel: boolean;
}

const stages: ReadonlySet<string> = new Set(musicJobStages);

/** A piece being made: its stage in words (planning … storing), a bar, and Cancel. */
export function CompositionProgress({ job, onCancel, canCancel }: CompositionProgressProps) {
  const { t } = useTranslation('music');
  const stage = job?.progress?.stage;
  const label =
    job === null || job.state === 'queued'
      ? t('progress.queued')
      : stage && stages.has(stage)
        ? t(`progress.${stage}`)
        : t('progress.working');
  return (
    <div className={styles.panel}>
      <JobProgress percent={job?.progress?.percent ?? null} label={label} />
      <div>
        <Button size="sm" variant="secondary" disabled={!canCancel} onClick={onCancel}>
          {t('progress.cancel')}
        </Button>
      </div>
    </div>
  );
}
