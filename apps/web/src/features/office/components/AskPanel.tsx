import {
  OFFICE_QUESTION_MAX_LENGTH,
  type OfficeDocument,
  type OfficeLanguage,
  type OfficeSource,
} from '@studio/contracts';
import { Button, Inline, Stack, Text, TextArea } from '@studio/ui';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { queryOptions, useQuery } from '../../../lib/query';
import { getOfficeAnswers } from '../api/answers';
import { officeDocumentsKey } from '../api/documents';
import { quotaRefusal } from '../api/errors';
import { AnswerStreamError, type AnswerStream } from '../hooks/useAnswerStream';
import { AnswerList, AnswerView } from './AnswerView';
import { QuotaNotice } from './RefusalNotice';

export interface AskPanelProps {
  document: OfficeDocument;
  /** The language answers are written in: the interface's. */
  language: OfficeLanguage;
  /** The catalogue's model answers for itself (a sandbox model says so). */
  sandbox: boolean;
  onCite: (source: OfficeSource) => void;
  /** The document's answer stream, kept by the view: it goes on behind another tab. */
  stream: AnswerStream;
}

/**
 * Summarise and ask: the answers kept for the document, then the one being written, its
 * citations chips that open the viewer at their part; Stop closes the connection.
 */
export function AskPanel({ document, language, sandbox, onCite, stream }: AskPanelProps) {
  const { t } = useTranslation('office');
  const describe = useErrorText();
  const serverWords = useServerWords();
  const [question, setQuestion] = useState('');
  const [missing, setMissing] = useState(false);
  const kept = useQuery(
    queryOptions({
      queryKey: [...officeDocumentsKey, 'answers', document.id],
      queryFn: (signal) => getOfficeAnswers(document.id, signal),
    }),
  );
  const busy = stream.streaming !== null;
  const keptAnswers = kept.status === 'success' ? kept.data.answers : [];
  const seen = new Set(keptAnswers.map((answer) => answer.id));
  const answers = [...keptAnswers, ...stream.written.filter((answer) => !seen.has(answer.id))];

  const ask = () => {
    if (!question.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void stream.ask({ task: 'ask', question: question.trim(), language });
  };

  const quota = quotaRefusal(stream.error);
  const failure =
    stream.error instanceof AnswerStreamError
      ? serverWords(stream.error.message)
      : stream.error && !quota
        ? describe(stream.error)
        : null;

  return (
    <Stack gap="lg">
      {sandbox ? (
        <Text as="p" size="sm" tone="secondary">
          {t('answers.sandbox')}
        </Text>
      ) : null}
      <Inline gap="sm">
        <Button
          icon={<Sparkles size={16} />}
          disabled={busy}
          onClick={() => void stream.ask({ task: 'summary', language })}
        >
          {t('answers.summarise')}
        </Button>
      </Inline>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        <Stack gap="sm">
          <TextArea
            label={t('answers.questionLabel')}
            placeholder={t('answers.questionPlaceholder')}
            rows={2}
            maxLength={OFFICE_QUESTION_MAX_LENGTH}
            value={question}
            error={missing ? t('answers.questionRequired') : undefined}
            onChange={(event) => setQuestion(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                ask();
              }
            }}
          />
          <Inline gap="sm">
            <Button type="submit" variant="secondary" disabled={busy}>
              {t('answers.ask')}
            </Button>
            {busy ? (
              // No icon: lucide's square would become a chunk of its own, shared with the chat's
              // composer, and one more file in the first load of / (e2e/first-load.spec.ts).
              <Button variant="ghost" onClick={stream.stop}>
                {t('answers.stop')}
              </Button>
            ) : null}
          </Inline>
        </Stack>
      </form>
      {quota ? <QuotaNotice refusal={quota} /> : null}
      {failure ? (
        <Text as="p" role="alert" tone="critical">
          {t('answers.failed', { reason: failure })}
        </Text>
      ) : null}
      {kept.status === 'error' ? (
        <Text as="p" role="alert" tone="secondary">
          {t('answers.keptFailed', { reason: describe(kept.error) })}
        </Text>
      ) : null}
      {answers.length > 0 || stream.streaming ? (
        <Stack gap="md" aria-label={t('answers.title')} role="region">
          <AnswerList answers={answers} onCite={onCite} />
          {stream.streaming ? (
            <AnswerView answer={stream.streaming} streaming onCite={onCite} />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
