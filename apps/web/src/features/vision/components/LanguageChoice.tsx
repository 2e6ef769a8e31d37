import { Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { languageChoices, type LanguageChoice as Choice } from '../model/languages';
import * as styles from './vision.css';

export interface LanguageChoiceProps {
  value: Choice;
  onChange: (value: Choice) => void;
  disabled: boolean;
}

/** What the text is written in: English, Vietnamese, or both (the default, for mixed text). */
export function LanguageChoice({ value, onChange, disabled }: LanguageChoiceProps) {
  const { t } = useTranslation('vision');
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{t('languages.legend')}</legend>
      <div className={styles.choices}>
        {languageChoices.map((choice) => (
          <label key={choice} className={styles.choice}>
            <input
              type="radio"
              name="vision-languages"
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span>
              <Text as="span" size="sm" weight="medium">
                {t(`languages.${choice}`)}
              </Text>
              {choice === 'both' ? (
                <span className={styles.hint}>
                  <Text as="span" size="xs" tone="secondary">
                    {t('languages.bothHint')}
                  </Text>
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
