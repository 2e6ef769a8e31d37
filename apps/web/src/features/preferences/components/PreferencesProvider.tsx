import type { AnonymousPreferencesResponse } from '@studio/contracts';
import {
  defaultCurrency,
  defaultLanguage,
  type CurrencyCode,
  type LanguageCode,
} from '@studio/contracts/options';
import { isThemeName, type ThemeName } from '@studio/tokens';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { noopAnalytics, type Analytics } from '../../../lib/analytics';
import { languageForCountry } from '../../../lib/country';
import { storageKeys, type KeyValueStore } from '../../../lib/storage';
import { isSupportedCurrency, isSupportedLanguage } from '../../../lib/supported';
import { applyTheme, readStoredTheme } from '../../../lib/theme';
import { PreferencesContext, type PreferencesContextValue } from '../hooks/usePreferences';

export interface PreferencesProviderProps {
  children: ReactNode;
  store: KeyValueStore;
  /** True once the visitor is known to be signed out; suggestions are only for them (§7). */
  anonymous: boolean;
  /** Told about language changes (§4); the no-op adapter by default. */
  analytics?: Analytics;
  /** Where data-theme is set (§3); the document root by default. */
  themeRoot?: HTMLElement;
  /** §7: finds the visitor's country; null skips country detection (stories, tests). */
  detectCountry?: (() => Promise<string>) | null;
  /** §7: the currency suggested for anonymous visitors. */
  fetchAnonymousPreferences?: () => Promise<AnonymousPreferencesResponse>;
}

/** The call's module (and with it the HTTP client) loads after the first render. */
const loadAnonymousPreferences = () =>
  import('../api/getAnonymousPreferences').then((api) => api.getAnonymousPreferences());

/** §5: a stored currency outside the supported list falls back to USD. */
function readStoredCurrency(store: KeyValueStore): CurrencyCode {
  const stored = store.get(storageKeys.currency);
  return isSupportedCurrency(stored) ? stored : defaultCurrency;
}

/**
 * Language, currency and theme (§2–§5): loaded on start from local storage, saved on change.
 * For anonymous visitors who never chose, the currency comes from the API and the language from
 * their country; those suggestions are not stored, so only a real choice sticks.
 */
export function PreferencesProvider({
  children,
  store,
  anonymous,
  analytics = noopAnalytics,
  themeRoot,
  detectCountry = null,
  fetchAnonymousPreferences = loadAnonymousPreferences,
}: PreferencesProviderProps) {
  const { i18n } = useTranslation();
  const [currency, setCurrencyState] = useState<CurrencyCode>(() => readStoredCurrency(store));
  const [theme, setThemeState] = useState<ThemeName>(() => readStoredTheme(store));
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: LanguageCode = isSupportedLanguage(resolved) ? resolved : defaultLanguage;

  // A suggestion that arrives after the visitor has chosen must not overwrite the choice.
  const chose = useRef({ language: false, currency: false });
  const suggested = useRef(false);

  useEffect(() => {
    if (!anonymous || suggested.current) return;
    suggested.current = true;
    if (store.get(storageKeys.currency) === null) {
      fetchAnonymousPreferences()
        .then((answer) => {
          if (!chose.current.currency) setCurrencyState(answer.currency);
        })
        // §8: preference load failures are only logged.
        .catch((error: unknown) => console.warn('Loading the suggested currency failed.', error));
    }
    if (detectCountry && store.get(storageKeys.language) === null) {
      detectCountry()
        .then((country) => {
          const detected = languageForCountry(country);
          if (!chose.current.language && detected !== i18n.resolvedLanguage) {
            void i18n.changeLanguage(detected);
          }
        })
        .catch((error: unknown) => console.warn('Country detection failed.', error));
    }
  }, [anonymous, store, fetchAnonymousPreferences, detectCountry, i18n]);

  const setLanguage = useCallback(
    (next: string) => {
      if (!isSupportedLanguage(next)) return false;
      chose.current.language = true;
      store.set(storageKeys.language, next);
      if (next !== language) {
        void i18n.changeLanguage(next);
        analytics.track('language_change', { from: language, to: next });
      }
      return true;
    },
    [language, i18n, store, analytics],
  );

  const setCurrency = useCallback(
    (next: string) => {
      if (!isSupportedCurrency(next)) return false;
      chose.current.currency = true;
      store.set(storageKeys.currency, next);
      setCurrencyState(next);
      return true;
    },
    [store],
  );

  const setTheme = useCallback(
    (next: string) => {
      if (!isThemeName(next)) return false;
      store.set(storageKeys.theme, next);
      applyTheme(next, themeRoot ?? document.documentElement);
      setThemeState(next);
      return true;
    },
    [store, themeRoot],
  );

  const value = useMemo<PreferencesContextValue>(
    () => ({ language, currency, theme, setLanguage, setCurrency, setTheme }),
    [language, currency, theme, setLanguage, setCurrency, setTheme],
  );

  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}
