/**
 * Splits text into sentences to be spoken one at a time, in English and Vietnamese alike (both
 * end sentences with . ! ? … and their closing quotes or brackets). Used by the voice tool's
 * jobs (each part synthesised, the first heard before the last is done) and by spoken replies
 * that start while the reply is still being written. Plain data, no zod: the browser reads it.
 */

/**
 * Where a sentence ends: . ! ? … (or a run of them) and any closing quotes or brackets (or the
 * Markdown marks a streamed reply closes them with: `**Done.**`), before
 * whitespace; or a line break. A full stop after a single letter or a known abbreviation does not
 * end one ("Mr. Smith", "e.g. this", "TP. Hồ Chí Minh"), nor one between digits ("3.5").
 */
const sentenceEnd = /[.!?…]+["'”’»)\]*_~`]*(?=\s)|\n+/g;

/** Words after which a full stop is an abbreviation's (lower-cased, without the stop). */
const abbreviations = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'fig',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'tp',
  'ths',
  'ts',
  'pgs',
  'gs',
  'ông',
  'bà',
]);

function endsWithAbbreviation(text: string): boolean {
  const match = /(?:^|[\s("'“‘])([\p{L}.]+)\.$/u.exec(text);
  if (!match?.[1]) return false;
  const word = match[1].toLowerCase();
  // A single letter ("J. Smith", "A. Lincoln") is an initial.
  return abbreviations.has(word) || /^\p{L}$/u.test(word);
}

/**
 * The sentences of `text`, trimmed, none empty. A sentence longer than `maxLength` is cut at the
 * last comma, semicolon or colon that fits, else at the last space, else hard, so no part is
 * ever longer than `maxLength` (engines and providers cap one request).
 */
export function splitSentences(text: string, maxLength = 400): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(sentenceEnd)) {
    const end = match.index + match[0].length;
    const candidate = text.slice(start, end);
    if (match[0].startsWith('.') && match[0].length === 1 && endsWithAbbreviation(candidate)) {
      continue;
    }
    sentences.push(candidate);
    start = end;
  }
  sentences.push(text.slice(start));
  return sentences
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .flatMap((sentence) => cutLong(sentence, maxLength));
}

function cutLong(sentence: string, maxLength: number): string[] {
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > maxLength) {
    const window = rest.slice(0, maxLength + 1);
    let cut = Math.max(
      window.lastIndexOf(', '),
      window.lastIndexOf('; '),
      window.lastIndexOf(': '),
    );
    cut = cut > 0 ? cut + 1 : window.lastIndexOf(' ');
    if (cut <= 0) cut = maxLength;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * For text that is still arriving (a streamed reply): the sentences complete so far and the
 * unfinished rest, to be passed again with what comes next. A sentence is complete once the text
 * after its end has begun (its end mark is followed by whitespace), so "3." is not cut from
 * "3.5" before the 5 arrives.
 */
export function takeCompleteSentences(
  text: string,
  maxLength = 400,
): { sentences: string[]; rest: string } {
  let lastEnd = 0;
  for (const match of text.matchAll(sentenceEnd)) {
    const end = match.index + match[0].length;
    const candidate = text.slice(lastEnd, end);
    if (match[0].startsWith('.') && match[0].length === 1 && endsWithAbbreviation(candidate)) {
      continue;
    }
    // Complete only when something follows the end mark.
    if (end < text.length) lastEnd = end;
  }
  const complete = text.slice(0, lastEnd);
  let rest = text.slice(lastEnd).trimStart();
  const sentences = lastEnd > 0 ? splitSentences(complete, maxLength) : [];
  // An unfinished sentence already too long to wait for is spoken in pieces too.
  if (rest.length > maxLength) {
    const pieces = splitSentences(rest, maxLength);
    const last = pieces.pop() ?? '';
    sentences.push(...pieces);
    rest = last;
  }
  return { sentences, rest };
}
