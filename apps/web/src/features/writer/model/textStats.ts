/** What the editor shows under the text: its words, characters and time to read. */
export interface TextStats {
  words: number;
  characters: number;
  /** Whole minutes, at least 1 for any text (0 for none). */
  readingMinutes: number;
}

/** An adult's silent reading pace for prose, in words a minute (Brysbaert, 2019: 238). */
const WORDS_PER_MINUTE = 238;

/**
 * Counts as a reader would: Markdown's marks (#, *, >, list bullets, link targets) are not
 * words, and characters are counted as a person sees them (an emoji or "ệ" is one), which is how
 * the networks count a post's length.
 */
export function textStats(text: string): TextStats {
  const readable = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '');
  const words = readable.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ?? 0;
  return {
    words,
    characters: characterCount(text),
    readingMinutes: words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
  };
}

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** Characters as seen (grapheme clusters), falling back to code points. */
export function characterCount(text: string): number {
  if (!graphemes) return Array.from(text).length;
  return Array.from(graphemes.segment(text)).length;
}
