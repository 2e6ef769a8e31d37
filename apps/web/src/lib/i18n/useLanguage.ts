import { defaultLanguage, type LanguageCode } from '@studio/contracts/options';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '../supported';

/** The interface language as one of the two supported codes. */
export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isSupportedLanguage(language) ? language : defaultLanguage;
}
