import { isLanguageCode, type LanguageCode } from '@studio/contracts/options';

export interface LanguageSources {
  stored: string | null;
  browser: readonly string[];
  htmlTag: string | null;
}

/**
 * §7 language detection order: local storage, then the browser setting, then the html tag; the
 * first supported one wins ("vi-VN" counts as "vi"), else undefined (i18next falls back to en).
 */
export function detectLanguage({
  stored,
  browser,
  htmlTag,
}: LanguageSources): LanguageCode | undefined {
  for (const candidate of [stored, ...browser, htmlTag]) {
    const base = candidate?.split('-')[0]?.toLowerCase();
    if (isLanguageCode(base)) return base;
  }
  return undefined;
}

/** The sources as the browser has them. */
export function browserLanguageSources(storedKey: string): LanguageSources {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storedKey);
  } catch {
    // Storage unavailable: go on with the browser setting.
  }
  return {
    stored,
    browser: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
    htmlTag: document.documentElement.getAttribute('lang'),
  };
}
