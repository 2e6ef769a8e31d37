import type { i18n } from 'i18next';
import { createBundledI18n } from '../lib/i18n';
import { webResources } from '../lib/i18n/bundledResources';

/** An i18next with every namespace of public/locales in memory, in the given language. */
export function createTestI18n(language: 'en' | 'vi' = 'en'): i18n {
  return createBundledI18n(webResources, language);
}
