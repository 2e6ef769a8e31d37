import {
  VISION_QUESTION_MAX_LENGTH,
  type VisionCatalogueResponse,
  type VisionLanguage,
  type VisionModel,
  type VisionRead,
} from '@studio/contracts';
import { Button, Heading, Inline, Stack, Text, TextField } from '@studio/ui';
import { Languages, MessageCircleQuestion, ScanEye } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnswers } from '../hooks/useAnswers';
import { AnswerCard } from './AnswerCard';
import * as styles from './vision.css';

export interface AnswerPanelProps {
  read: Pick<VisionRead, 'id' | 'answers'>;
  catalogue: VisionCatalogueResponse | null;
  /** Translate needs text to translate. */
  hasText: boolean;
}

/** The model the answers come from: the caller's seeing default, else their first open model. */
function answeringModel(catalogue: VisionCatalogueResponse | null): VisionModel | null {
  if (!catalogue) return null;
  return (
    catalogue.models.find((model) => model.id === catalogue.defaultVisionModel) ??
    catalogue.models.find((model) => model.allowed) ??
    null
  );
}

/**
 * Describe, Ask and Translate on the chat's models, each streaming into an answer card (one at a
 * time, stoppable). Without a model that sees, Describe and Ask are off and say why; Translate
 * still works (any model translates text). A demo model is named as such.
 */
export function AnswerPanel({ read, catalogue, hasText }: AnswerPanelProps) {
  const { t } = useTranslation('vision');
  const headingId = useId();
  const { answers, streaming, ask, stop } = useAnswers(read);
  const [question, setQuestion] = useState('');
  const [questionError, setQuestionError] = useState(false);
  const seeingModel = catalogue?.defaultVisionModel ?? null;
  const canSee = seeingModel !== null;
  const model = answeringModel(catalogue);

  const describe = () => void ask({ task: 'describe', model: seeingModel });
  const submitQuestion = (event: FormEvent) => {
    event.preventDefault();
    const asked = question.trim();
    if (!asked) {
      setQuestionError(true);
      return;
    }
    setQuestionError(false);
    void ask({ task: 'ask', question: asked, model: seeingModel });
  };
  // Translation takes the caller's default model (any can translate text).
  const translate = (targetLanguage: VisionLanguage) =>
    void ask({ task: 'translate', targetLanguage, model: null });

  return (
    <Stack as="section" gap="md" aria-labelledby={headingId}>
      <Heading level={4} as="h3" id={headingId}>
        {t('answers.title')}
      </Heading>
      {model ? (
        <Text as="p" size="sm" tone="secondary">
          {model.sandbox
            ? t('answers.demo', { model: model.name })
            : t('answers.model', { model: model.name })}
        </Text>
      ) : null}
      {catalogue && !canSee ? (
        <Text as="p" size="sm" tone="caution">
          {t('answers.noVisionModel')}
        </Text>
      ) : null}

      <Inline gap="sm">
        <Button
          variant="secondary"
          icon={<ScanEye size={16} aria-hidden="true" />}
          disabled={!canSee || streaming}
          onClick={describe}
        >
          {t('answers.describe')}
        </Button>
      </Inline>

      <form className={styles.askRow} onSubmit={submitQuestion} noValidate>
        <TextField
          label={t('answers.question')}
          value={question}
          maxLength={VISION_QUESTION_MAX_LENGTH}
          disabled={!canSee}
          error={questionError ? t('answers.questionRequired') : undefined}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          icon={<MessageCircleQuestion size={16} aria-hidden="true" />}
          disabled={!canSee || streaming}
        >
          {t('answers.ask')}
        </Button>
      </form>

      <Stack gap="xs" role="group" aria-labelledby={`${headingId}-translate`}>
        <Text as="p" size="sm" weight="semibold" id={`${headingId}-translate`}>
          {t('answers.translate')}
        </Text>
        <Inline gap="sm">
          {(['en', 'vi'] as const).map((language) => (
            <Button
              key={language}
              variant="secondary"
              icon={<Languages size={16} aria-hidden="true" />}
              disabled={!hasText || streaming || !catalogue}
              onClick={() => translate(language)}
            >
              {language === 'en' ? t('answers.toEn') : t('answers.toVi')}
            </Button>
          ))}
        </Inline>
        {hasText ? null : (
          <Text as="p" size="sm" tone="secondary">
            {t('answers.noTextToTranslate')}
          </Text>
        )}
      </Stack>

      {answers.length > 0 ? (
        <ul className={styles.answerList} aria-label={t('answers.list')}>
          {answers.map((answer) => (
            <AnswerCard key={answer.id} answer={answer} onStop={stop} />
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
