import { isLanguageCode, type LanguageCode } from '@studio/contracts/options';
import { languageForCountry, readCachedCountry, type CountryAnswer } from '../country';
import { storageKeys, type KeyValueStore } from '../storage';

export interface LanguageSources {
  /** The visitor's own choice, from local storage. */
  stored: string | null;
  /** The browser setting, most preferred first (navigator.languages). */
  browser: readonly string[];
  /** What country detection found (§7); null while it has not answered. */
  country: CountryAnswer | null;
  /** The document's own `lang`, as the page was served. */
  htmlTag: string | null;
}

/** "vi-VN" counts as "vi"; anything outside en and vi as nothing. */
function supported(tag: string | null | undefined): LanguageCode | undefined {
  const base = tag?.split('-')[0]?.toLowerCase();
  return isLanguageCode(base) ? base : undefined;
}

/**
 * The interface language, decided the way a visitor expects (§7 and issue 13): their stored
 * choice; else the first supported language their browser names (so `fr-FR, vi` reads vi);
 * else the language of the country detection found, which only decides when the browser named
 * nothing we have; else the html tag. A geolocation failure (the US fallback) is not an answer
 * about the visitor and decides nothing. Undefined when no source says anything supported
 * (i18next falls back to en).
 */
export function detectLanguage({
  stored,
  browser,
  country,
  htmlTag,
}: LanguageSources): LanguageCode | undefined {
  const chosen = supported(stored);
  if (chosen) return chosen;
  for (const tag of browser) {
    const named = supported(tag);
    if (named) return named;
  }
  if (country && !country.fallback) return languageForCountry(country.country);
  return supported(htmlTag);
}

/** The browser's language setting, most preferred first. */
export function navigatorLanguages(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** The sources as the browser has them at start (the country from its 24-hour cache). */
export function browserLanguageSources(store: KeyValueStore): LanguageSources {
  return {
    stored: store.get(storageKeys.language),
    browser: navigatorLanguages(),
    country: readCachedCountry(store),
    htmlTag: document.documentElement.getAttribute('lang'),
  };
}
