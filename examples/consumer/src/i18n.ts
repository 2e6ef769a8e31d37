import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiNamespace, uiResources } from '@studio/ui';

/** The product's own i18next, with the design system's `ui` namespace added as resources. */
export function createI18n(language: 'en' | 'vi' = 'en') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [uiNamespace],
    defaultNS: uiNamespace,
    resources: uiResources,
    interpolation: { escapeValue: false },
    // Resources are given, so the first render has its texts.
    initAsync: false,
  });
  return i18n;
}
