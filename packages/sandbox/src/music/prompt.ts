/**
 * What the sandbox music server reads in a prompt (or a composition plan's styles and lines, or
 * fal's tags and lyrics): the magic words that make it misbehave on purpose, for tests of the
 * failure paths. Documented in music/README.md.
 */

export const magicWords = {
  /** HTTP 500 in the provider's error shape (fal: the result answers 500). */
  fail: '[fail]',
  /** A refusal: ElevenLabs' `bad_prompt` with a suggested prompt, Stability's content moderation. */
  copyrighted: '[copyrighted]',
  /** HTTP 429 with `retry-after: 7`. */
  rateLimit: '[rate-limit]',
  /** The answer comes after `slowMs` (fal: the request stays IN_PROGRESS that long). */
  slow: '[slow]',
  /** Status 200 with something that is not the audio asked for. */
  malformed: '[malformed]',
} as const;

export type MagicWord = keyof typeof magicWords;

const magicPattern = new RegExp(
  Object.values(magicWords)
    .map((word) => word.replace(/[[\]]/g, '\\$&'))
    .join('|'),
  'gi',
);

export interface PromptFacts {
  /** The words without their magic words. */
  text: string;
  has: (word: MagicWord) => boolean;
}

export function promptFacts(...texts: string[]): PromptFacts {
  const all = texts.join('\n');
  const lower = all.toLowerCase();
  return {
    text: withoutMagic(all),
    has: (word) => lower.includes(magicWords[word]),
  };
}

export function withoutMagic(text: string): string {
  return text
    .replace(magicPattern, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** A stable 31-bit number from words: the seed of a provider that takes none. */
export function seedOfText(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16_777_619);
  }
  return (hash >>> 0) % 2_147_483_647;
}
