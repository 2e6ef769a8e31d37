import { IconButton, ThemePicker } from '@studio/ui';
import { Palette } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../hooks/usePreferences';
import * as styles from './themeMenu.css';

/**
 * §2 theme picker in a disclosure popover: the button opens a panel with the six theme swatches
 * (a radio group). Escape or a click outside closes it and focus returns to the button.
 */
export function ThemeMenu() {
  const { t } = useTranslation('common');
  const { t: tUi } = useTranslation('ui');
  const { theme, setTheme } = usePreferences();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // Focus the chosen theme, so the arrow keys work at once.
    rootRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={styles.root}>
      <IconButton
        ref={buttonRef}
        label={t('preferences.theme.trigger', { name: tUi(`theme.names.${theme}`) })}
        icon={<Palette size={20} />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      />
      <div id={panelId} className={styles.panel} hidden={!open}>
        <ThemePicker value={theme} onChange={setTheme} layout="grid" />
      </div>
    </div>
  );
}
