import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiResources, type UiLanguage } from '../i18n';

/** A fresh i18next instance with the ui namespace, for tests and stories. */
export function createTestI18n(lng: UiLanguage = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: uiResources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
