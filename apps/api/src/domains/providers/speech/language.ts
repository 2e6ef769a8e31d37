import { detectTextLanguage } from '@studio/contracts/textLanguage';

export type SpeechLanguage = 'en' | 'vi';

/**
 * The language to speak a text in (contracts' rule, which the voice page shows too); a text with
 * no letters is spoken as English.
 */
export function detectLanguage(text: string): SpeechLanguage {
  return detectTextLanguage(text) ?? 'en';
}
