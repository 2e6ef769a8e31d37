import { themeNames, themes, type ThemeName } from '@studio/tokens';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { forwardRef, useId } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import type { CommonProps } from '../private/commonProps';
import * as styles from './ThemePicker.css';

export const themePickerLayouts = ['grid', 'row'] as const;
export type ThemePickerLayout = (typeof themePickerLayouts)[number];

/** Closed: the picker's own props, an id and a test id (see private/commonProps.ts). */
export interface ThemePickerProps extends CommonProps {
  value: ThemeName;
  onChange: (name: ThemeName) => void;
  layout?: ThemePickerLayout;
  /** Keeps the "Theme" label for screen readers only (when a heading nearby already says it). */
  hideLabel?: boolean;
  /** The radio inputs' name, for forms; generated when omitted. */
  name?: string;
}

/**
 * The six themes (§3) as a radio group. Native radios give arrow-key selection, form
 * participation and screen-reader support for free; each is drawn as a swatch painted from that
 * theme's own tokens, so the preview is right whatever theme the page is in.
 */
export const ThemePicker = forwardRef<HTMLDivElement, ThemePickerProps>(function ThemePicker(
  { value, onChange, layout = 'grid', hideLabel = false, name, ...common },
  ref,
) {
  const { t } = useUiTranslation();
  const labelId = useId();
  const generatedName = useId();
  const inputName = name ?? generatedName;
  return (
    <div ref={ref} role="radiogroup" aria-labelledby={labelId} className={styles.root} {...common}>
      <span id={labelId} className={hideLabel ? visuallyHidden : styles.groupLabel}>
        {t('theme.label')}
      </span>
      <div className={styles.options[layout]}>
        {themeNames.map((theme) => {
          const colors = themes[theme].colors;
          return (
            <label
              key={theme}
              className={clsx(styles.option, layout === 'row' && styles.optionRow)}
              data-theme-option={theme}
            >
              <input
                type="radio"
                className={styles.input}
                name={inputName}
                value={theme}
                checked={value === theme}
                onChange={() => onChange(theme)}
              />
              <span
                aria-hidden="true"
                className={styles.swatch}
                style={{ background: colors.surface.base }}
              >
                <span className={styles.swatchPanel} style={{ background: colors.surface.raised }}>
                  <span className={styles.swatchLine} style={{ background: colors.text.primary }} />
                  <span
                    className={clsx(styles.swatchLine, styles.swatchLineShort)}
                    style={{ background: colors.text.muted }}
                  />
                  <span
                    className={styles.swatchAccent}
                    style={{ background: colors.accent.solid }}
                  />
                </span>
                <span className={styles.check}>
                  <Check size={12} strokeWidth={3} />
                </span>
              </span>
              <span className={styles.name}>{t(`theme.names.${theme}`)}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
});
