import { useTranslation } from 'react-i18next';
import en from '../locales/en/ui.json';
import vi from '../locales/vi/ui.json';

/**
 * packages/ui owns the few texts of its own controls (a spinner's default label, a password
 * field's show/hide button, a modal's close button...) in the `ui` i18next namespace. Everything
 * else reaches components through props. Apps add these resources to their i18next instance.
 */
export const uiNamespace = 'ui';
export const uiResources = { en: { [uiNamespace]: en }, vi: { [uiNamespace]: vi } } as const;
export type UiLanguage = keyof typeof uiResources;

export function useUiTranslation() {
  return useTranslation(uiNamespace);
}
