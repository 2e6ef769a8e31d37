import type { Voice } from '@studio/contracts';
import { Button, Checkbox, Field } from '@studio/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/api/useErrorText';
import { useVoices } from './api/getVoices';
import * as styles from './voice.css';
import { VOICE_RANGE, type VoiceSettingsValue } from './voiceSettingsValue';

export interface VoiceSettingsProps {
  value: VoiceSettingsValue;
  onChange: (value: VoiceSettingsValue) => void;
  /** Keeps the legend for screen readers only (inside a dialog whose title already says it). */
  hideLegend?: boolean;
}

/** Voices by language, in the order the API lists them. */
export function groupVoices(voices: readonly Voice[]): Array<[string, Voice[]]> {
  const groups = new Map<string, Voice[]>();
  for (const voice of voices)
    groups.set(voice.language, [...(groups.get(voice.language) ?? []), voice]);
  return [...groups];
}

const formatRate = (rate: number) => `${rate.toFixed(1)}×`;

interface RateSliderProps {
  label: string;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
  lowLabel: string;
  highLabel: string;
}

function RateSlider({ label, value, disabled, onChange, lowLabel, highLabel }: RateSliderProps) {
  const id = useId();
  return (
    <div className={styles.slider}>
      <label htmlFor={id} className={styles.sliderLabel}>
        {label}
      </label>
      <output htmlFor={id} className={styles.sliderValue}>
        {formatRate(value)}
      </output>
      <input
        id={id}
        type="range"
        className={styles.range}
        min={VOICE_RANGE.min}
        max={VOICE_RANGE.max}
        step={VOICE_RANGE.step}
        value={value}
        disabled={disabled}
        aria-valuetext={formatRate(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className={styles.scale} aria-hidden="true">
        <span>{lowLabel}</span>
        <span>{highLabel}</span>
      </div>
    </div>
  );
}

/**
 * Spoken replies (§1, §3): on or off, the voice (GET /api/chat/voices, grouped by language),
 * speed and pitch. Controlled: the caller keeps the value (useVoiceSettings stores it locally).
 */
export function VoiceSettings({ value, onChange, hideLegend = false }: VoiceSettingsProps) {
  const { t } = useTranslation('conversations');
  const describe = useErrorText();
  const state = useVoices();
  const off = !value.enabled;
  const voices = state.status === 'success' ? state.data.voices : [];
  // A stored voice the server no longer offers falls back to the default.
  const chosen = value.voice && voices.some((voice) => voice.id === value.voice) ? value.voice : '';

  return (
    <fieldset className={styles.settings}>
      <legend className={hideLegend ? styles.hiddenLegend : styles.legend}>
        {t('voice.title')}
      </legend>
      <Checkbox
        role="switch"
        checked={value.enabled}
        hint={t('voice.enabledHint')}
        onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
      >
        {t('voice.enabled')}
      </Checkbox>
      <Field label={t('voice.voice')}>
        {(controlProps) => (
          <select
            className={styles.select}
            {...controlProps}
            value={chosen}
            disabled={off || state.status !== 'success'}
            onChange={(event) => onChange({ ...value, voice: event.target.value || null })}
          >
            <option value="">
              {state.status === 'loading' ? t('voice.loading') : t('voice.defaultVoice')}
            </option>
            {groupVoices(voices).map(([language, group]) => (
              <optgroup
                key={language}
                label={t(`voice.languages.${language}`, { defaultValue: language })}
              >
                {group.map((voice) => (
                  <option key={voice.id} value={voice.id}>
                    {t('voice.option', {
                      name: voice.name,
                      quality: t(`voice.quality.${voice.quality}`),
                    })}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      {state.status === 'error' ? (
        <p role="alert" className={styles.alert}>
          <span>
            {t('voice.loadFailed')}: {describe(state.error)}
          </span>
          <Button size="sm" variant="secondary" onClick={state.reload}>
            {t('voice.retry')}
          </Button>
        </p>
      ) : null}
      <RateSlider
        label={t('voice.speed')}
        value={value.speed}
        disabled={off}
        lowLabel={t('voice.slower')}
        highLabel={t('voice.faster')}
        onChange={(speed) => onChange({ ...value, speed })}
      />
      <RateSlider
        label={t('voice.pitch')}
        value={value.pitch}
        disabled={off}
        lowLabel={t('voice.lower')}
        highLabel={t('voice.higher')}
        onChange={(pitch) => onChange({ ...value, pitch })}
      />
      <Checkbox
        role="switch"
        checked={value.sendDictation}
        hint={t('voice.sendDictationHint')}
        onChange={(event) => onChange({ ...value, sendDictation: event.target.checked })}
      >
        {t('voice.sendDictation')}
      </Checkbox>
    </fieldset>
  );
}
