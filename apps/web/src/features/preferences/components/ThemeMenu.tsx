import { IconButton } from '@studio/ui';
import { Palette } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../lib/preferences';
import * as styles from './themeMenu.css';

// The panel (the picker and every theme's colours) is not part of the first load: it is fetched
// when the button is pointed at, focused or pressed, as the header's other menus are.
const loadPanel = () => import('./ThemeMenuPanel');
const ThemeMenuPanel = lazy(() =>
  loadPanel().then((module) => ({ default: module.ThemeMenuPanel })),
);

/**
 * §2 theme picker in a disclosure popover: the button opens a panel with the six theme swatches
 * (a radio group). Escape or a click outside closes it and focus returns to the button.
 */
export function ThemeMenu() {
  const { t } = useTranslation('common');
  const { t: tUi } = useTranslation('ui');
  const { theme, setTheme } = usePreferences();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
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
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen((value) => !value);
        }}
      />
      {wanted ? (
        <Suspense fallback={null}>
          <ThemeMenuPanel id={panelId} value={theme} onChange={setTheme} open={open} />
        </Suspense>
      ) : null}
    </div>
  );
}
