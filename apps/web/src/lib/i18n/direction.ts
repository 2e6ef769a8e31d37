/** §9: the languages written right to left. */
const rightToLeft = new Set(['ar', 'he', 'fa', 'ur']);

/** The text direction of a language tag ("ar", "fa-IR"...); ltr when unknown. */
export function directionFor(language: string): 'ltr' | 'rtl' {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return rightToLeft.has(base) ? 'rtl' : 'ltr';
}

/** Sets `lang` and `dir` on the document root (§7, §9). */
export function applyDocumentLanguage(language: string, root: HTMLElement): void {
  root.lang = language;
  root.dir = directionFor(language);
}
