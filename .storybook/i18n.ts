import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiResources } from '@studio/ui';
import { webResources } from '../apps/web/src/lib/i18n/bundledResources';

/** The design system's `ui` namespace plus every namespace of apps/web/public/locales. */
function mergeResources(...sets: Resource[]): Resource {
  const merged: Resource = {};
  for (const set of sets) {
    for (const [language, namespaces] of Object.entries(set)) {
      merged[language] = { ...merged[language], ...namespaces };
    }
  }
  return merged;
}

const resources = mergeResources(uiResources, webResources);

/**
 * The Storybook i18next instance: English and Vietnamese, switched by the toolbar, with every
 * translation in memory so stories render translated from the first frame.
 */
export const storybookI18n = i18next.createInstance();
void storybookI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'vi'],
  resources,
  ns: Object.keys(resources['en'] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
