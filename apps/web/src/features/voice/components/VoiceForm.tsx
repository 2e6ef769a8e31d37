import type { Voice, VoiceCatalogueResponse } from '@studio/contracts';
import { voiceFormats, voiceLanguages, type VoiceLanguage } from '@studio/contracts/voiceOptions';
import { Button, Checkbox, Select, Stack, Text, TextArea, Tiles } from '@studio/ui';
import { DictationButton } from '../../../components/dictation/DictationButton';
import { useTranslation } from 'react-i18next';
import {
  characterCount,
  pitchChoices,
  speedChoices,
  type VoiceFormError,
  type VoiceFormState,
} from '../form/voiceForm';
import { VoicePicker } from './VoicePicker';

export interface VoiceFormProps {
  form: VoiceFormState;
  onChange: (form: VoiceFormState) => void;
  catalogue: VoiceCatalogueResponse;
  /** The language it will be spoken in, and the one detected from the text (null: no letters). */
  language: VoiceLanguage;
  detected: VoiceLanguage | null;
  voice: Voice | null;
  allowed: (voice: Voice) => boolean;
  /** Shown once Generate was pressed (a sent form says what stopped it). */
  error: VoiceFormError | null;
  listen: boolean;
  onListenChange: (listen: boolean) => void;
  onSubmit: () => void;
  busy: boolean;
  /** The server's refusal of the last request, in words, with what to do (beside the button). */
  refusal?: React.ReactNode;
  /** Opens the voice list at first (a story of the open list). */
  pickerOpen?: boolean;
}

/**
 * The voice page's form: the text with its count against the caller's limits, the language
 * (detected, changeable), the voice, speed and pitch where the voice can, instructions for the
 * voices that take them, the file format, listening as it is spoken, and Generate.
 */
export function VoiceForm({
  form,
  onChange,
  catalogue,
  language,
  detected,
  voice,
  allowed,
  error,
  listen,
  onListenChange,
  onSubmit,
  busy,
  refusal,
  pickerOpen,
}: VoiceFormProps) {
  const { t } = useTranslation('voice');
  const { limits } = catalogue;
  const count = characterCount(form.text);
  const set = (change: Partial<VoiceFormState>) => onChange({ ...form, ...change });
  const languageName = (code: VoiceLanguage) => t(`languages.${code}`);
  const can = (capability: Voice['capabilities'][number]) =>
    voice?.capabilities.includes(capability) ?? false;

  const errorText =
    error === null
      ? null
      : t(`form.errors.${error}`, {
          count,
          max: limits.maxCharactersPerRequest,
          remaining: limits.remainingToday,
          language: languageName(language),
          voice: voice?.name ?? '',
        });
  const textError = error === 'textRequired' || error === 'tooLong' || error === 'overToday';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="lg">
        <TextArea
          label={t('form.text')}
          placeholder={t('form.placeholder')}
          value={form.text}
          rows={6}
          growsWithText
          onChange={(event) => set({ text: event.target.value })}
          hint={`${t('form.count', { count, max: limits.maxCharactersPerRequest })} · ${t('form.left', { remaining: limits.remainingToday })}`}
          error={textError ? errorText : undefined}
        />
        {/* Dictate the text instead of typing it (added after what is there). */}
        <div>
          <DictationButton
            conversationKey="voice-synthesis"
            onText={(heard) =>
              set({ text: form.text.trim() ? `${form.text.trimEnd()} ${heard}` : heard })
            }
          />
        </div>
        {detected && form.language === 'auto' ? (
          <Text as="p" size="sm" tone="secondary" role="status">
            {t('form.detected', { language: languageName(detected) })}
          </Text>
        ) : null}
        <Tiles minItemWidth="sm" space="md">
          <Select
            label={t('form.language')}
            placeholder={false}
            value={form.language}
            onChange={(event) => {
              const next = event.target.value as VoiceFormState['language'];
              set({ language: next });
            }}
            options={[
              {
                value: 'auto',
                label: detected
                  ? t('form.languageAutoDetected', { language: languageName(detected) })
                  : t('form.languageAuto'),
              },
              ...voiceLanguages.map((code) => ({ value: code, label: languageName(code) })),
            ]}
          />
          <Select
            label={t('form.format')}
            placeholder={false}
            value={form.format}
            onChange={(event) => set({ format: event.target.value as VoiceFormState['format'] })}
            options={voiceFormats.map((format) => ({
              value: format,
              label: t(`formats.${format}`),
            }))}
          />
          {can('speed') ? (
            <Select
              label={t('form.speed')}
              placeholder={false}
              value={String(form.speed)}
              onChange={(event) => set({ speed: Number(event.target.value) })}
              options={speedChoices.map((speed) => ({
                value: String(speed),
                label: speed === 1 ? t('speed.normal') : t('speed.value', { value: speed }),
              }))}
            />
          ) : null}
          {can('pitch') ? (
            <Select
              label={t('form.pitch')}
              placeholder={false}
              value={String(form.pitch)}
              onChange={(event) => set({ pitch: Number(event.target.value) })}
              options={pitchChoices.map((pitch) => ({
                value: String(pitch),
                label: t(`pitch.${pitch}`),
              }))}
            />
          ) : null}
        </Tiles>
        <VoicePicker
          voices={catalogue.voices}
          value={voice}
          language={language}
          allowed={allowed}
          defaultOpen={pickerOpen}
          onChange={(picked) =>
            // A voice of the other language says which language to speak.
            set({
              voiceId: picked.id,
              language:
                picked.language !== language ? (picked.language as VoiceLanguage) : form.language,
            })
          }
        />
        {can('instructions') ? (
          <TextArea
            label={t('form.instructions')}
            optional
            hint={t('form.instructionsHint')}
            value={form.instructions}
            rows={2}
            maxLength={500}
            onChange={(event) => set({ instructions: event.target.value })}
          />
        ) : null}
        <Checkbox checked={listen} onChange={(event) => onListenChange(event.target.checked)}>
          {t('form.listen')}
        </Checkbox>
        {error !== null && !textError ? (
          <Text as="p" size="sm" tone="critical" role="alert">
            {errorText}
          </Text>
        ) : null}
        {refusal}
        <div>
          <Button type="submit" loading={busy}>
            {t('form.generate')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
