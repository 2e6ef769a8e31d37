import { createContext, useContext } from 'react';
import type { CurrencyCode, LanguageCode } from '@studio/contracts';
import type { ThemeName } from '@studio/tokens';

/*
 * The visitor's language, currency and theme: PreferencesProvider (features/preferences) keeps
 * them; any feature reads them here, without importing that feature.
 */

export interface PreferencesContextValue {
  language: LanguageCode;
  currency: CurrencyCode;
  theme: ThemeName;
  /** §5: only en or vi; anything else is refused (returns false). */
  setLanguage(language: string): boolean;
  /** §5: only the seven supported currencies. */
  setCurrency(currency: string): boolean;
  /** One of the six themes. */
  setTheme(theme: string): boolean;
}

export const PreferencesContext = createContext<PreferencesContextValue | null>(null);

export function usePreferences(): PreferencesContextValue {
  const preferences = useContext(PreferencesContext);
  if (!preferences)
    throw new Error('usePreferences() must be used inside a <PreferencesProvider>.');
  return preferences;
}
