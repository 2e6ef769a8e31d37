import type { OfficeAnswer, OfficeSource } from '@studio/contracts';
import { Badge, Button, Inline, Spinner, Stack, Text, useToast } from '@studio/ui';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { answerSegments } from '../model/citations';
import { partLabel } from '../model/partLabels';
import type { StreamingAnswer } from '../hooks/useAnswerStream';
import * as styles from './office.css';

export interface AnswerViewProps {
  answer: OfficeAnswer | StreamingAnswer;
  /** Being written: no copy yet, a spinner until the first words. */
  streaming?: boolean;
  onCite: (source: OfficeSource) => void;
}

/** A citation as the answer shows it: the part's short name, the passage's start as its tip. */
export function CitationChip({
  source,
  onCite,
}: {
  source: OfficeSource;
  onCite: (source: OfficeSource) => void;
}) {
  const { t } = useTranslation('office');
  const label = partLabel(source.ref);
  const name = t(label.key, label.values);
  return (
    <button
      type="button"
      className={styles.citation}
      title={source.excerpt}
      aria-label={t('answers.openCitation', { part: name })}
      onClick={() => onCite(source)}
    >
      {name}
    </button>
  );
}

/**
 * A summary or an answer: what was asked, the text with its [n] markers as chips that open the
 * viewer at their part, and Copy (the text as written, markers and all).
 */
export function AnswerView({ answer, streaming = false, onCite }: AnswerViewProps) {
  const { t } = useTranslation('office');
  const { toast } = useToast();
  const segments = answerSegments(answer.text, answer.sources);
  const state = 'state' in answer ? answer.state : null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.text);
      toast({ tone: 'success', title: t('answers.copied') });
    } catch {
      toast({ tone: 'critical', title: t('answers.copyFailed') });
    }
  };

  return (
    <article className={styles.answer} aria-busy={streaming || undefined}>
      <Inline gap="sm" align="center">
        <Text as="p" size="sm" weight="semibold">
          {answer.task === 'summary'
            ? t('answers.summary')
            : t('answers.question', { question: answer.question ?? '' })}
        </Text>
        {state === 'stopped' ? <Badge size="sm">{t('answers.stopped')}</Badge> : null}
        {state === 'failed' ? (
          <Badge size="sm" tone="critical">
            {t('answers.failedBadge')}
          </Badge>
        ) : null}
      </Inline>
      {streaming && !answer.text ? (
        <div className={styles.answerPending}>
          <Spinner size="small" text={t('answers.writing')} />
        </div>
      ) : (
        <p className={styles.answerText}>
          {segments.map((segment, index) =>
            segment.kind === 'text' ? (
              <span key={index}>{segment.text}</span>
            ) : (
              <CitationChip key={index} source={segment.source} onCite={onCite} />
            ),
          )}
        </p>
      )}
      {!streaming ? (
        <Inline gap="sm" align="center">
          <Button size="sm" variant="ghost" icon={<Copy size={14} />} onClick={() => void copy()}>
            {t('answers.copy')}
          </Button>
          {answer.modelName ? (
            <Text as="span" size="xs" tone="secondary">
              {t('answers.model', { model: answer.modelName })}
            </Text>
          ) : null}
        </Inline>
      ) : null}
    </article>
  );
}

export function AnswerList({
  answers,
  onCite,
}: {
  answers: readonly OfficeAnswer[];
  onCite: (source: OfficeSource) => void;
}) {
  return (
    <Stack gap="md">
      {answers.map((answer) => (
        <AnswerView key={answer.id} answer={answer} onCite={onCite} />
      ))}
    </Stack>
  );
}
