import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiResources } from '@studio/ui';

/** The Storybook i18next instance: English and Vietnamese, switched by the toolbar. */
export const storybookI18n = i18next.createInstance();
void storybookI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'vi'],
  resources: uiResources,
  interpolation: { escapeValue: false },
  initAsync: false,
});
