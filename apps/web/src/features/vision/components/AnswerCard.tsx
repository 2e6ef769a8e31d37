import { Button, Heading, Inline, Spinner, Text } from '@studio/ui';
import { Copy, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { AnswerStreamError, type ShownAnswer } from '../hooks/useAnswers';
import { useCopy } from '../hooks/useCopy';
import * as styles from './vision.css';

export interface AnswerCardProps {
  answer: ShownAnswer;
  onStop: () => void;
}

/** What an answer is: a description, a question's, or a translation into a language. */
function useAnswerTitle(answer: ShownAnswer): string {
  const { t } = useTranslation('vision');
  if (answer.task === 'ask') return t('answers.kinds.ask', { question: answer.question ?? '' });
  if (answer.task === 'translate') {
    return answer.targetLanguage === 'vi'
      ? t('answers.kinds.translateVi')
      : t('answers.kinds.translateEn');
  }
  return t('answers.kinds.describe');
}

/**
 * One answer about the picture: what it is, the model, the text as it streams in (Stop while it
 * does), Copy once there is text; a stopped or failed answer says so under what came.
 */
export function AnswerCard({ answer, onStop }: AnswerCardProps) {
  const { t } = useTranslation('vision');
  const describe = useErrorText();
  const serverWords = useServerWords();
  const copy = useCopy();
  const title = useAnswerTitle(answer);
  const streaming = answer.state === 'streaming';
  const failure =
    answer.state !== 'failed'
      ? null
      : answer.error instanceof AnswerStreamError
        ? serverWords(answer.error.message) || t('answers.brokeOff')
        : answer.error
          ? describe(answer.error)
          : t('answers.brokeOff');

  return (
    <li className={styles.answerCard} aria-busy={streaming}>
      <Inline gap="sm" justify="between" align="baseline">
        <Heading level={4} as="h3">
          {title}
        </Heading>
        {answer.modelName ? (
          <Text as="p" size="sm" tone="secondary">
            {t('answers.by', { model: answer.modelName })}
          </Text>
        ) : null}
      </Inline>
      {answer.text ? (
        <p className={styles.text} lang={answer.targetLanguage ?? undefined}>
          {answer.text}
        </p>
      ) : null}
      {streaming ? <Spinner size="small" text={t('answers.streaming')} /> : null}
      {answer.state === 'stopped' ? (
        <Text as="p" size="sm" tone="secondary">
          {t('answers.stopped')}
        </Text>
      ) : null}
      {failure ? (
        <Text as="p" size="sm" tone="critical" role="alert">
          {t('answers.failed', { reason: failure })}
        </Text>
      ) : null}
      <Inline gap="sm">
        {streaming ? (
          <Button
            size="sm"
            variant="secondary"
            icon={<Square size={14} aria-hidden="true" />}
            onClick={onStop}
          >
            {t('answers.stop')}
          </Button>
        ) : null}
        {answer.text && !streaming ? (
          <Button
            size="sm"
            variant="ghost"
            icon={<Copy size={16} aria-hidden="true" />}
            aria-label={`${t('answers.copy')}: ${title}`}
            onClick={() => void copy(answer.text)}
          >
            {t('answers.copy')}
          </Button>
        ) : null}
      </Inline>
    </li>
  );
}
