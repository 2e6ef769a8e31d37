/**
 * What the sandbox image server reads in a prompt: the magic words that make it misbehave on
 * purpose (for tests of the failure paths), and style words that change how the picture looks.
 * Documented in images/README.md.
 */

export const magicWords = {
  /** HTTP 500 with the provider's error body. */
  fail: '[fail]',
  /** HTTP 400, a content-policy refusal. */
  refuse: '[refuse]',
  /** The answer comes after `slowMs` (default 2 s), or not at all if the client gives up. */
  slow: '[slow]',
  /** One image fewer than asked, with no error: the providers' short count. */
  short: '[short]',
} as const;

const magicPattern = new RegExp(
  Object.values(magicWords)
    .map((word) => word.replace(/[[\]]/g, '\\$&'))
    .join('|'),
  'gi',
);

export interface PromptFacts {
  /** The prompt without its magic words, as it is drawn. */
  text: string;
  fail: boolean;
  refuse: boolean;
  slow: boolean;
  short: boolean;
}

export function promptFacts(prompt: string): PromptFacts {
  const has = (word: string) => prompt.toLowerCase().includes(word);
  const text = prompt.replace(magicPattern, ' ').replace(/\s+/g, ' ').trim();
  return {
    text,
    fail: has(magicWords.fail),
    refuse: has(magicWords.refuse),
    slow: has(magicWords.slow),
    short: has(magicWords.short),
  };
}

export type PictureStyle = 'plain' | 'anime' | 'manga' | 'watercolor' | 'chibi';

/** Style words in English and Vietnamese, tried in this order ("anime chibi" is chibi). */
const styleWords: [Exclude<PictureStyle, 'plain'>, RegExp][] = [
  ['chibi', /\bchibi\b/i],
  ['manga', /\bmanga\b|truyện tranh/i],
  ['watercolor', /\bwater-?colou?r\b|màu nước/i],
  ['anime', /\banime\b/i],
];

export function styleOf(text: string): PictureStyle {
  for (const [style, pattern] of styleWords) if (pattern.test(text)) return style;
  return 'plain';
}
