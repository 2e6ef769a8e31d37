import type { GeneratedImage } from '@studio/contracts';
import { imageFailureOf } from '@studio/contracts/imageOptions';
import { Button } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { ImageJobError, ImageResultError, quotaRefusal } from '../api/generationErrors';
import type { ImageRun } from '../hooks/useImageGeneration';
import { ImageActions, type ImageActionsProps } from './ImageActions';
import { ImagePicture } from './ImagePicture';
import * as styles from './studio.css';

type Handlers = Pick<ImageActionsProps, 'onReuse' | 'onIterate' | 'onVariation'>;

export interface RunListProps extends Handlers {
  runs: readonly ImageRun[];
  /** Opens the viewer on one of a run's pictures. */
  onOpen: (images: readonly GeneratedImage[], index: number) => void;
  /** Follows again a run whose connection broke. */
  onResume: (key: string) => void;
  busy: boolean;
}

/** The element of one run (the page brings a new run into view). */
export const runElementId = (key: string) => `image-${key}`;

/** The runs of this visit, newest first; each run's pictures side by side. */
export function RunList({ runs, onOpen, onResume, busy, ...handlers }: RunListProps) {
  const { t } = useTranslation('images');
  // A run the quota refused never started: the form says so beside its button.
  const finished = runs.filter(
    (run) =>
      run.status !== 'starting' &&
      run.status !== 'following' &&
      !(run.status === 'failed' && quotaRefusal(run.error)),
  );
  if (finished.length === 0) return null;
  return (
    <section aria-labelledby="image-results-title" className={styles.page}>
      <h2 id="image-results-title" className={styles.sectionTitle}>
        {t('results.title')}
      </h2>
      <ol className={styles.runs}>
        {finished.map((run) => (
          <li key={run.key} id={runElementId(run.key)} className={styles.run}>
            <RunOutcome run={run} busy={busy} onResume={onResume} />
            {run.images.length > 0 ? (
              <ul
                className={styles.grid}
                aria-label={t('results.runLabel', { prompt: run.prompt })}
              >
                {run.images.map((image, index) => (
                  <li key={image.id} className={styles.figure}>
                    <button
                      type="button"
                      className={styles.thumbButton}
                      aria-label={t('results.open', { number: image.index + 1 })}
                      onClick={() => onOpen(run.images, index)}
                    >
                      <ImagePicture image={image} />
                    </button>
                    <ImageActions image={image} {...handlers} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function RunOutcome({
  run,
  busy,
  onResume,
}: {
  run: ImageRun;
  busy: boolean;
  onResume: (key: string) => void;
}) {
  const { t } = useTranslation('images');
  const errorText = useErrorText();
  const serverWords = useServerWords();
  if (run.status === 'cancelled') {
    return <p className={styles.muted}>{t('results.cancelled', { prompt: run.prompt })}</p>;
  }
  if (run.status === 'failed') {
    // The job's failures are the API's fixed texts: each is shown in the reader's language.
    const jobText = run.error instanceof ImageJobError ? run.error.message : null;
    const known = imageFailureOf(jobText);
    const reason =
      run.error instanceof ImageResultError
        ? t('results.unreadable')
        : known
          ? t(`failures.${known}`)
          : jobText
            ? serverWords(jobText)
            : errorText(run.error);
    // A broken connection leaves the job running: follow it again rather than start anew.
    const resumable = run.jobId !== null && !(run.error instanceof ImageJobError);
    return (
      <div className={styles.notice} role="alert">
        <strong>{t('results.failedTitle')}</strong>
        <p className={styles.plain}>{reason}</p>
        <p className={styles.muted}>{t('results.kept')}</p>
        {resumable ? (
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => onResume(run.key)}>
              {t('results.resume')}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div>
      <p className={styles.plain}>
        <strong>{run.prompt || t('results.untitled')}</strong>
      </p>
      {run.shortfall > 0 ? (
        <p className={styles.muted} role="status">
          {t('results.partial', { count: run.images.length, requested: run.requested })}
        </p>
      ) : null}
    </div>
  );
}
