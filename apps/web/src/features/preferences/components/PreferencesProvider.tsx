import type {
  AnonymousPreferencesResponse,
  UserPreferences,
  UserPreferencesResponse,
} from '@studio/contracts';
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
import type { CountryAnswer } from '../../../lib/country';
import { detectLanguage } from '../../../lib/i18n/detectLanguage';
import { storageKeys, type KeyValueStore } from '../../../lib/storage';
import { isSupportedCurrency, isSupportedLanguage } from '../../../lib/supported';
import { applyTheme as applyTheme_, readStoredTheme } from '../../../lib/theme';
import { PreferencesContext, type PreferencesContextValue } from '../../../lib/preferences';

/** §7: the server copy of a signed-in user's preferences. */
export interface PreferencesSync {
  load(): Promise<UserPreferencesResponse>;
  saveLanguage(language: LanguageCode): Promise<void>;
  saveCurrency(currency: CurrencyCode): Promise<void>;
  saveTheme(theme: ThemeName): Promise<void>;
}

/** The signed-in user, as far as preferences care: who, and the theme saved with the profile. */
export interface PreferencesUser {
  id: string;
  preferences: Pick<UserPreferences, 'theme'>;
}

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
  detectCountry?: (() => Promise<CountryAnswer>) | null;
  /** The browser's language setting, most preferred first: it outranks the country. */
  browserLanguages?: readonly string[];
  /** §7: the currency suggested for anonymous visitors. */
  fetchAnonymousPreferences?: () => Promise<AnonymousPreferencesResponse>;
  /** The signed-in user, whose preferences are loaded from and saved to the server; null: none. */
  user?: PreferencesUser | null;
  /** §7: the server calls; the API's by default. */
  sync?: PreferencesSync;
}

/** The call's module (and with it the HTTP client) loads after the first render. */
const loadAnonymousPreferences = () =>
  import('../api/getAnonymousPreferences').then((api) => api.getAnonymousPreferences());

/** The calls' module (and with it the HTTP client) loads when a signed-in user needs it. */
const loadSync = () => import('../api/userPreferences');
const serverSync: PreferencesSync = {
  load: () => loadSync().then((api) => api.getUserPreferences()),
  saveLanguage: (language) => loadSync().then((api) => api.saveLanguage(language)),
  saveCurrency: (currency) => loadSync().then((api) => api.saveCurrency(currency)),
  saveTheme: (theme) => loadSync().then((api) => api.saveTheme(theme)),
};

/** §8: preference save failures are only logged. */
const logSaveFailure = (what: string) => (error: unknown) =>
  console.warn(`Saving the ${what} preference failed.`, error);

/** §5: a stored currency outside the supported list falls back to USD. */
function readStoredCurrency(store: KeyValueStore): CurrencyCode {
  const stored = store.get(storageKeys.currency);
  return isSupportedCurrency(stored) ? stored : defaultCurrency;
}

/**
 * Language, currency and theme (§2–§5): loaded on start from local storage, saved on change.
 * For anonymous visitors who never chose, the currency comes from the API and the language from
 * their country when their browser names no language we have (detectLanguage); those suggestions are not stored, so only a real choice sticks. For a signed-in
 * user (§7), the server's copy is loaded when they sign in (it follows them between browsers)
 * and every change is saved there too.
 */
export function PreferencesProvider({
  children,
  store,
  anonymous,
  analytics = noopAnalytics,
  themeRoot,
  detectCountry = null,
  browserLanguages = [],
  fetchAnonymousPreferences = loadAnonymousPreferences,
  user = null,
  sync = serverSync,
}: PreferencesProviderProps) {
  const { i18n } = useTranslation();
  const [currency, setCurrencyState] = useState<CurrencyCode>(() => readStoredCurrency(store));
  const [theme, setThemeState] = useState<ThemeName>(() => readStoredTheme(store));
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: LanguageCode = isSupportedLanguage(resolved) ? resolved : defaultLanguage;

  // A suggestion that arrives after the visitor has chosen must not overwrite the choice.
  const chose = useRef({ language: false, currency: false, theme: false });
  const suggested = useRef(false);
  const userId = user?.id ?? null;
  const userTheme = user?.preferences.theme ?? null;

  const applyTheme = useCallback(
    (next: ThemeName) => {
      store.set(storageKeys.theme, next);
      applyTheme_(next, themeRoot ?? document.documentElement);
      setThemeState(next);
    },
    [store, themeRoot],
  );

  // §7: a user who signs in gets their saved preferences (language and currency from the
  // preferences call, the theme from their profile), except any they change meanwhile.
  useEffect(() => {
    if (userId === null) return;
    let active = true;
    const changed = { language: false, currency: false, theme: false };
    chose.current = changed;
    const loaded = sync.load().catch((error: unknown) => {
      // §8: preference load failures are only logged.
      console.warn('Loading the saved preferences failed.', error);
      return null;
    });
    void loaded.then((saved) => {
      if (!active) return;
      if (!changed.theme && userTheme !== null && isThemeName(userTheme)) applyTheme(userTheme);
      if (!saved) return;
      if (!changed.language && isSupportedLanguage(saved.language)) {
        store.set(storageKeys.language, saved.language);
        if (saved.language !== i18n.resolvedLanguage) void i18n.changeLanguage(saved.language);
      }
      if (!changed.currency && isSupportedCurrency(saved.currency)) {
        store.set(storageKeys.currency, saved.currency);
        setCurrencyState(saved.currency);
      }
    });
    return () => {
      active = false;
    };
    // The profile's theme counts when the user signs in, not whenever the profile is reloaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, sync, store, i18n, applyTheme]);

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
          if (chose.current.language) return;
          // The same rule as at start, now with the country: a language the browser names
          // still wins. The html tag is left out: by now it only echoes the app's own choice.
          const detected = detectLanguage({
            stored: store.get(storageKeys.language),
            browser: browserLanguages,
            country,
            htmlTag: null,
          });
          if (detected !== undefined && detected !== i18n.resolvedLanguage) {
            void i18n.changeLanguage(detected);
          }
        })
        .catch((error: unknown) => console.warn('Country detection failed.', error));
    }
  }, [anonymous, store, fetchAnonymousPreferences, detectCountry, browserLanguages, i18n]);

  const setLanguage = useCallback(
    (next: string) => {
      if (!isSupportedLanguage(next)) return false;
      chose.current.language = true;
      store.set(storageKeys.language, next);
      if (next !== language) {
        void i18n.changeLanguage(next);
        analytics.track('language_change', { from: language, to: next });
        if (userId !== null) sync.saveLanguage(next).catch(logSaveFailure('language'));
      }
      return true;
    },
    [language, i18n, store, analytics, sync, userId],
  );

  const setCurrency = useCallback(
    (next: string) => {
      if (!isSupportedCurrency(next)) return false;
      chose.current.currency = true;
      store.set(storageKeys.currency, next);
      if (next !== currency && userId !== null) {
        sync.saveCurrency(next).catch(logSaveFailure('currency'));
      }
      setCurrencyState(next);
      return true;
    },
    [store, currency, sync, userId],
  );

  const setTheme = useCallback(
    (next: string) => {
      if (!isThemeName(next)) return false;
      chose.current.theme = true;
      if (next !== theme && userId !== null) sync.saveTheme(next).catch(logSaveFailure('theme'));
      applyTheme(next);
      return true;
    },
    [theme, sync, applyTheme, userId],
  );

  const value = useMemo<PreferencesContextValue>(
    () => ({ language, currency, theme, setLanguage, setCurrency, setTheme }),
    [language, currency, theme, setLanguage, setCurrency, setTheme],
  );

  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}
