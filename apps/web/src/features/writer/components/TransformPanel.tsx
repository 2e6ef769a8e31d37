import {
  writerLanguages,
  writerTones,
  writerTransforms,
  WRITER_INSTRUCTION_MAX_LENGTH,
  type WriterLanguage,
  type WriterSelection,
  type WriterTone,
  type WriterTransform,
} from '@studio/contracts';
import { Button, Heading, Inline, Select, Stack, Text, TextField } from '@studio/ui';
import { Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './writer.css';

export interface TransformChoice {
  transform: WriterTransform;
  tone: WriterTone | null;
  language: WriterLanguage;
  instruction: string;
  /** The selected passage only, or the whole text (null). */
  selection: WriterSelection | null;
}

export interface TransformPanelProps {
  /** The passage selected in the editor, if any. */
  selection: WriterSelection | null;
  /** The text's language: what a transform other than translate writes in. */
  language: WriterLanguage;
  hasText: boolean;
  busy: boolean;
  onTransform: (choice: TransformChoice) => void;
}

/** Rewrite, shorten, expand, change the tone, fix the grammar or translate: all or a passage. */
export function TransformPanel({
  selection,
  language,
  hasText,
  busy,
  onTransform,
}: TransformPanelProps) {
  const { t } = useTranslation('writer');
  const [transform, setTransform] = useState<WriterTransform>('rewrite');
  const [tone, setTone] = useState<WriterTone>('friendly');
  const [target, setTarget] = useState<WriterLanguage>(language === 'en' ? 'vi' : 'en');
  const [instruction, setInstruction] = useState('');
  const run = (passage: WriterSelection | null) =>
    onTransform({
      transform,
      tone: transform === 'tone' ? tone : null,
      language: transform === 'translate' ? target : language,
      instruction: instruction.trim(),
      selection: passage,
    });
  const disabled = busy || !hasText;
  return (
    <section aria-labelledby="writer-transform-title" className={styles.panel}>
      <Stack gap="md">
        <Heading level={4} as="h2" id="writer-transform-title">
          {t('transform.title')}
        </Heading>
        <Select
          label={t('transform.what')}
          placeholder={false}
          value={transform}
          disabled={busy}
          onChange={(event) => {
            const chosen = writerTransforms.find((one) => one === event.currentTarget.value);
            if (chosen) setTransform(chosen);
          }}
          options={writerTransforms.map((one) => ({
            value: one,
            label: t(`transforms.${one}`),
          }))}
        />
        {transform === 'tone' ? (
          <Select
            label={t('transform.tone')}
            placeholder={false}
            value={tone}
            disabled={busy}
            onChange={(event) => {
              const chosen = writerTones.find((one) => one === event.currentTarget.value);
              if (chosen) setTone(chosen);
            }}
            options={writerTones.map((one) => ({ value: one, label: t(`tones.${one}`) }))}
          />
        ) : null}
        {transform === 'translate' ? (
          <Select
            label={t('transform.into')}
            placeholder={false}
            value={target}
            disabled={busy}
            onChange={(event) => {
              const chosen = writerLanguages.find((one) => one === event.currentTarget.value);
              if (chosen) setTarget(chosen);
            }}
            options={writerLanguages.map((one) => ({
              value: one,
              label: t(`languages.${one}`),
            }))}
          />
        ) : null}
        <TextField
          label={t('transform.instruction')}
          hint={t('transform.instructionHint')}
          optional
          value={instruction}
          maxLength={WRITER_INSTRUCTION_MAX_LENGTH}
          disabled={busy}
          onChange={(event) => setInstruction(event.currentTarget.value)}
        />
        <Text as="p" size="sm" tone="secondary" role="status">
          {selection
            ? t('transform.selected', { characters: selection.end - selection.start })
            : t('transform.noSelection')}
        </Text>
        <Inline gap="sm">
          {selection ? (
            <Button
              icon={<Wand2 size={18} aria-hidden="true" />}
              disabled={disabled}
              onClick={() => run(selection)}
            >
              {t('transform.applySelection')}
            </Button>
          ) : null}
          <Button
            variant={selection ? 'secondary' : 'primary'}
            icon={selection ? undefined : <Wand2 size={18} aria-hidden="true" />}
            disabled={disabled}
            onClick={() => run(null)}
          >
            {t('transform.applyAll')}
          </Button>
        </Inline>
      </Stack>
    </section>
  );
}
