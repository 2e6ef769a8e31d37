import type { VisionLanguage } from '@studio/contracts';

/** What the page offers: the text is in English, in Vietnamese, or either (or a mix). */
export const languageChoices = ['both', 'en', 'vi'] as const;
export type LanguageChoice = (typeof languageChoices)[number];

/** Both by default: a mixed line, or a guess wrong either way, still reads well (docs/features/vision.md). */
export const defaultLanguageChoice: LanguageChoice = 'both';

/** The languages a choice asks the engine for, in the contract's order. */
export function languagesOf(choice: LanguageChoice): VisionLanguage[] {
  return choice === 'both' ? ['en', 'vi'] : [choice];
}

/** The multipart `languages` field: comma-separated, as visionReadFields.languages says. */
export function languagesField(choice: LanguageChoice): string {
  return languagesOf(choice).join(',');
}

/** The choice a read was made with (to read the same picture again the same way). */
export function choiceOf(languages: readonly VisionLanguage[]): LanguageChoice {
  const en = languages.includes('en');
  const vi = languages.includes('vi');
  if (en && vi) return 'both';
  return vi ? 'vi' : en ? 'en' : defaultLanguageChoice;
}
