import type { MusicModel } from '@studio/contracts';
import { Badge, formatClock, Inline, Stack, Text } from '@studio/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './music.css';
import { modelName } from '../pieces/pieceNames';

export interface ModelPickerProps {
  models: readonly MusicModel[];
  value: string | null;
  onChange: (model: MusicModel) => void;
  disabled?: boolean;
}

/**
 * The music model, one radio a model: its name, what it really is (the offline composer is a
 * composer whose MIDI is played with a sound font, not AI audio; a cloud model is AI music from
 * its provider), its longest piece, and marks for stand-ins and Pro models.
 */
export function ModelPicker({ models, value, onChange, disabled }: ModelPickerProps) {
  const { t } = useTranslation('music');
  const name = useId();
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{t('model.label')}</legend>
      {models.map((model) => {
        const descriptionId = `${name}-${model.id}`;
        return (
          <label key={model.id} className={styles.option}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={model.id}
              checked={model.id === value}
              onChange={() => onChange(model)}
              aria-describedby={descriptionId}
            />
            <Stack gap="xxs" className={styles.grow}>
              <Inline gap="xs" align="center">
                <Text as="span" weight="semibold">
                  {modelName(model, t)}
                </Text>
                {model.quality === 'offline-composer' ? (
                  <Badge size="sm" tone="success">
                    {t('model.offline')}
                  </Badge>
                ) : null}
                {model.sandbox ? <Badge size="sm">{t('model.standIn')}</Badge> : null}
                {model.allowed ? null : (
                  <Badge size="sm" tone="accent">
                    {t('model.pro')}
                  </Badge>
                )}
              </Inline>
              <Text as="span" size="sm" tone="secondary" id={descriptionId}>
                {model.quality === 'offline-composer'
                  ? t('model.composer')
                  : t('model.cloud', { provider: t(`providers.${model.provider}`) })}
                {' · '}
                {t('model.maxLength', { length: formatClock(model.maxDurationSeconds) })}
              </Text>
            </Stack>
          </label>
        );
      })}
    </fieldset>
  );
}
