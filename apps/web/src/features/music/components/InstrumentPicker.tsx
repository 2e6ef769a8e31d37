import { MUSIC_INSTRUMENTS_MAX, musicInstruments, type MusicInstrument } from '@studio/contracts';
import { Text } from '@studio/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMusicNames } from '../../../lib/media/musicNames';
import { toggleInstrument } from '../form/musicForm';
import * as styles from './music.css';

export interface InstrumentPickerProps {
  value: readonly MusicInstrument[];
  onChange: (instruments: MusicInstrument[]) => void;
  disabled?: boolean;
}

/** Up to six instruments as checkboxes; once six are chosen the others wait until one goes. */
export function InstrumentPicker({ value, onChange, disabled }: InstrumentPickerProps) {
  const { t } = useTranslation('music');
  const names = useMusicNames();
  const hintId = useId();
  const full = value.length >= MUSIC_INSTRUMENTS_MAX;
  return (
    <fieldset className={styles.group} aria-describedby={hintId} disabled={disabled}>
      <legend className={styles.legend}>{t('form.instruments')}</legend>
      <Text as="p" size="sm" tone="secondary" id={hintId}>
        {t('form.instrumentsHint', { max: MUSIC_INSTRUMENTS_MAX, count: value.length })}
      </Text>
      <div className={styles.instrumentGrid}>
        {musicInstruments.map((instrument) => {
          const checked = value.includes(instrument);
          return (
            <label key={instrument} className={styles.option}>
              <input
                type="checkbox"
                className={styles.input}
                checked={checked}
                disabled={!checked && full}
                onChange={() => onChange(toggleInstrument(value, instrument))}
              />
              <Text as="span" size="sm">
                {names.instrument(instrument)}
              </Text>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
