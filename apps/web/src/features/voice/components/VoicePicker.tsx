import type { Voice } from '@studio/contracts';
import { voiceLanguages, type VoiceLanguage } from '@studio/contracts/voiceOptions';
import { Badge, Button, Inline, Stack, Text } from '@studio/ui';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './voice.css';

export interface VoicePickerProps {
  voices: readonly Voice[];
  /** The voice that will speak. */
  value: Voice | null;
  /** The language being spoken: its voices are listed first. */
  language: VoiceLanguage;
  onChange: (voice: Voice) => void;
  /** Whether the caller's plan may use a voice (others carry "Needs the Pro plan"). */
  allowed: (voice: Voice) => boolean;
  /** Opens the list at first (a story of the open list). */
  defaultOpen?: boolean;
}

/** How a voice is described everywhere: its engine and quality in plain words. */
export function useVoiceDescription() {
  const { t } = useTranslation('voice');
  return (voice: Voice) =>
    `${t(`quality.${voice.quality}`)} · ${t('picker.engine', { engine: voice.engine })}`;
}

/**
 * The voice: the chosen one in a line (name, how it sounds), and a list to change it, grouped by
 * language (the text's first), each voice saying its engine and quality, Pro and stand-in voices
 * marked. Native radios, so the arrow keys move within a language and forms read the choice.
 */
export function VoicePicker({
  voices,
  value,
  language,
  onChange,
  allowed,
  defaultOpen = false,
}: VoicePickerProps) {
  const { t } = useTranslation('voice');
  const describe = useVoiceDescription();
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  const labelId = useId();
  const languages = [language, ...voiceLanguages.filter((other) => other !== language)];

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text as="p" size="sm" weight="medium" id={labelId}>
        {t('picker.label')}
      </Text>
      <Inline gap="sm" justify="between">
        <Text as="p" size="sm">
          {value
            ? t('picker.current', { name: value.name, quality: t(`quality.${value.quality}`) })
            : '—'}
        </Text>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls={listId}
          iconEnd={
            open ? (
              <ChevronUp size={16} aria-hidden="true" />
            ) : (
              <ChevronDown size={16} aria-hidden="true" />
            )
          }
          onClick={() => setOpen((current) => !current)}
        >
          {open ? t('picker.close') : t('picker.change')}
        </Button>
      </Inline>
      {open ? (
        <Stack gap="md" id={listId}>
          {languages.map((groupLanguage) => {
            const group = voices.filter((voice) => voice.language === groupLanguage);
            if (group.length === 0) return null;
            return (
              <fieldset key={groupLanguage} className={styles.voiceGroup}>
                <legend>
                  <Text size="sm" weight="semibold">
                    {t('picker.group', { language: t(`languages.${groupLanguage}`) })}
                  </Text>
                </legend>
                {group.map((voice) => (
                  <label key={voice.id} className={styles.voiceOption}>
                    <input
                      type="radio"
                      name={`${listId}-voice`}
                      className={styles.voiceRadio}
                      checked={value?.id === voice.id}
                      onChange={() => {
                        onChange(voice);
                        setOpen(false);
                      }}
                    />
                    <Stack gap="xxs">
                      <Inline gap="xs">
                        <Text weight="medium">{voice.name}</Text>
                        {voice.plan !== 'free' ? (
                          <Badge size="sm" tone="accent">
                            {t('picker.pro')}
                          </Badge>
                        ) : null}
                        {voice.sandbox ? (
                          <Badge size="sm" tone="warning">
                            {t('picker.standIn')}
                          </Badge>
                        ) : null}
                      </Inline>
                      <Text size="sm" tone="secondary">
                        {describe(voice)}
                        {voice.sandbox ? ` · ${t('picker.standInNote')}` : ''}
                        {allowed(voice) ? '' : ` · ${t('picker.locked')}`}
                      </Text>
                    </Stack>
                  </label>
                ))}
              </fieldset>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
