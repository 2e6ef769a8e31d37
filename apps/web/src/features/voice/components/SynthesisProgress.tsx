import type { JobView } from '@studio/contracts';
import { voiceJobStages } from '@studio/contracts/voiceOptions';
import { Button, Inline, Stack, Text } from '@studio/ui';
import { Headphones, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/JobProgress';
import { useErrorText } from '../../../lib/api/useErrorText';
import type { Listening } from '../hooks/useSynthesis';
import * as styles from './voice.css';

export interface SynthesisProgressProps {
  /** The job as last told; null before its first event. */
  job: JobView | null;
  listening: Listening | null;
  onListen: () => void;
  onStopListening: () => void;
  onCancel: () => void;
  /** Cancel needs the job's id. */
  canCancel: boolean;
}

const stages: ReadonlySet<string> = new Set(voiceJobStages);

/**
 * A synthesis under way: its stage translated with the sentences spoken ("Speaking… sentence 3
 * of 12"), listening to them as they come (or not), and Cancel.
 */
export function SynthesisProgress({
  job,
  listening,
  onListen,
  onStopListening,
  onCancel,
  canCancel,
}: SynthesisProgressProps) {
  const { t } = useTranslation('voice');
  const describe = useErrorText();
  const stage = job?.progress?.stage;
  const steps = job?.progress?.steps;
  const stageText =
    job === null || job.state === 'queued'
      ? t('progress.queued')
      : stage && stages.has(stage)
        ? t(`progress.${stage}`)
        : t('progress.working');
  const label =
    steps && steps.total > 0 && stage === 'speaking'
      ? t('progress.withSentences', {
          stage: stageText,
          sentences: t('progress.sentences', { done: steps.done, total: steps.total }),
        })
      : stageText;

  return (
    <div className={styles.panel}>
      <JobProgress percent={job?.progress?.percent ?? null} label={label} />
      {listening?.error ? (
        <Text as="p" size="sm" tone="critical" role="alert">
          {t('progress.listenFailed', { reason: describe(listening.error) })}
        </Text>
      ) : null}
      {listening && !listening.error ? (
        <Stack gap="xxs">
          <Text as="p" size="sm">
            {t('progress.listening')}
          </Text>
          {steps ? (
            <Text as="p" size="sm" tone="secondary">
              {t('progress.listened', { heard: listening.heard, total: steps.total })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <Inline gap="sm">
        {listening ? (
          <Button
            size="sm"
            variant="secondary"
            icon={<Square size={16} aria-hidden="true" />}
            onClick={onStopListening}
          >
            {t('progress.stopListening')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            icon={<Headphones size={16} aria-hidden="true" />}
            onClick={onListen}
          >
            {t('progress.listen')}
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={!canCancel} onClick={onCancel}>
          {t('progress.cancel')}
        </Button>
      </Inline>
    </div>
  );
}
