import type { JobView } from '@studio/contracts';
import { Button } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/JobProgress';
import * as styles from './vision.css';

export interface ReadProgressProps {
  job: JobView | null;
  onCancel: () => void;
  canCancel: boolean;
}

/** The stages a read reports (the API's job progress), each said in words. */
const stages: ReadonlySet<string> = new Set(['preparing', 'reading', 'storing']);

/** A picture being read: its stage in words, a bar, and Cancel. */
export function ReadProgress({ job, onCancel, canCancel }: ReadProgressProps) {
  const { t } = useTranslation('vision');
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
