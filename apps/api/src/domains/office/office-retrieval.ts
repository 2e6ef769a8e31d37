import type { OfficePart, OfficePartRef, OfficeSource } from '@studio/contracts';
import { blockText } from '@studio/documents';

/**
 * Choosing what of a document a model reads (its context is small, documents are not): the
 * parts are cut into passages, each scored against the question by BM25 over its words, and the
 * best are handed over, numbered, within a budget of characters.
 *
 * Words are compared without their diacritics and case ("Hà Nội" and "ha noi" are one), as
 * people type Vietnamese with and without them. Vietnamese words are syllables separated by
 * spaces ("hợp đồng" is one word of two syllables), so a passage is indexed by its syllables
 * and by each pair of neighbouring syllables: the pairs match the two-syllable words a question
 * names, the single syllables still match a question that words them apart. English gets the
 * same (word pairs rank phrases higher).
 */

/** One passage of a document, in its order. */
export interface Passage {
  ref: OfficePartRef;
  /** Its part's index in the document (0-based), and whether it starts that part. */
  part: number;
  first: boolean;
  text: string;
}

/** A passage chosen for an answer, with the number it is cited by. */
export interface NumberedPassage extends Passage {
  n: number;
}

const passageCharacters = 800;

/** A text longer than a passage, cut at sentence ends (or spaces) near the passage's length. */
function cutLong(text: string): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > passageCharacters) {
    const window = rest.slice(0, passageCharacters);
    const sentenceEnd = Math.max(
      window.lastIndexOf('. '),
      window.lastIndexOf('? '),
      window.lastIndexOf('! '),
      window.lastIndexOf('\n'),
    );
    const space = window.lastIndexOf(' ');
    const at =
      sentenceEnd > passageCharacters / 2
        ? sentenceEnd + 1
        : space > passageCharacters / 2
          ? space
          : passageCharacters;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * The document's passages: each part's blocks (paragraphs, headings, lists, tables) gathered
 * in order up to about 800 characters, cut only between blocks; a block longer than that is
 * cut at its sentences. A passage never spans two parts, so it cites one page.
 */
export function passagesOf(parts: readonly OfficePart[]): Passage[] {
  const passages: Passage[] = [];
  parts.forEach((part, index) => {
    let current = '';
    let first = true;
    const push = (text: string) => {
      passages.push({ ref: part.ref, part: index, first, text });
      first = false;
    };
    for (const block of part.blocks) {
      const text = blockText(block).trim();
      if (!text) continue;
      for (const piece of text.length > passageCharacters ? cutLong(text) : [text]) {
        if (current && current.length + piece.length + 2 > passageCharacters) {
          push(current);
          current = '';
        }
        current = current ? `${current}\n\n${piece}` : piece;
      }
    }
    if (current) push(current);
  });
  return passages;
}

/** Lower case, without diacritics (đ as d), in NFC's letters: how words are compared. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}

/** English words too common to tell passages apart (Vietnamese ones are left to BM25's idf). */
const stopWords = new Set(
  'a an and are as at be by did do does for from has have how in is it its of on or that the this to was were what when where which who why will with'.split(
    ' ',
  ),
);

/** A text's terms: its words (folded) and each pair of neighbouring words. */
export function termsOf(text: string): string[] {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !stopWords.has(word));
  const terms = [...words];
  for (let index = 1; index < words.length; index += 1) {
    terms.push(`${words[index - 1]} ${words[index]}`);
  }
  return terms;
}

const k1 = 1.2;
const b = 0.75;

/** BM25 scores of every passage for the query's terms (Okapi, idf floored at a small positive). */
export function bm25Scores(passages: readonly Passage[], query: readonly string[]): number[] {
  const documents = passages.map((passage) => {
    const counts = new Map<string, number>();
    const terms = termsOf(passage.text);
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    return { counts, length: terms.length };
  });
  const total = documents.length;
  if (total === 0) return [];
  const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / total || 1;
  const asked = [...new Set(query)];
  const idf = new Map(
    asked.map((term) => {
      const holding = documents.filter((doc) => doc.counts.has(term)).length;
      return [term, Math.log(1 + (total - holding + 0.5) / (holding + 0.5))];
    }),
  );
  return documents.map((doc) =>
    asked.reduce((score, term) => {
      const frequency = doc.counts.get(term) ?? 0;
      if (frequency === 0) return score;
      const norm = frequency + k1 * (1 - b + (b * doc.length) / averageLength);
      return score + (idf.get(term) ?? 0) * ((frequency * (k1 + 1)) / norm);
    }, 0),
  );
}

/** Takes passages in the order given while they fit the budget (at least one). */
function withinBudget(ordered: readonly Passage[], budget: number): Passage[] {
  const chosen: Passage[] = [];
  let used = 0;
  for (const passage of ordered) {
    if (chosen.length > 0 && used + passage.text.length > budget) continue;
    chosen.push(passage);
    used += passage.text.length;
    if (used >= budget) break;
  }
  return chosen;
}

/** In the document's order, numbered from 1 (citations read in the order the text runs). */
function numbered(chosen: readonly Passage[], all: readonly Passage[]): NumberedPassage[] {
  const order = new Map(all.map((passage, index) => [passage, index]));
  return [...chosen]
    .sort((a, c) => (order.get(a) ?? 0) - (order.get(c) ?? 0))
    .map((passage, index) => ({ ...passage, n: index + 1 }));
}

/**
 * The passages for a question: the best BM25 scores first, as many as the budget holds. When
 * no passage shares a word with the question, the document's opening passages stand in (the
 * model then says the document does not answer, from what it was shown).
 */
export function passagesForQuestion(
  passages: readonly Passage[],
  question: string,
  budget: number,
): NumberedPassage[] {
  const scores = bm25Scores(passages, termsOf(question));
  const ranked = passages
    .map((passage, index) => ({ passage, score: scores[index] ?? 0 }))
    .filter((entry) => entry.score > 0)
    .sort((a, c) => c.score - a.score)
    .map((entry) => entry.passage);
  return numbered(withinBudget(ranked.length > 0 ? ranked : passages, budget), passages);
}

/**
 * The passages for a summary, spread across the document: the first passage of each part (of
 * parts spread evenly over the document when there are more parts than the budget holds), then,
 * with what budget is left, the passages most typical of the whole (the best BM25 scores for the
 * document's own most weighty terms), so a summary of a long report sees every section's start
 * and its main matter, not only its first pages.
 */
export function passagesForSummary(
  passages: readonly Passage[],
  budget: number,
): NumberedPassage[] {
  const openings = passages.filter((passage) => passage.first);
  const averageOpening =
    openings.reduce((sum, passage) => sum + passage.text.length, 0) / (openings.length || 1);
  // Openings may take three quarters of the budget, so the main matter has room too.
  const room = Math.max(1, Math.floor((budget * 0.75) / Math.max(1, averageOpening)));
  const spread =
    openings.length <= room
      ? openings
      : Array.from(
          { length: room },
          (_, index) => openings[Math.floor((index * openings.length) / room)],
        ).filter((passage): passage is Passage => passage !== undefined);
  const chosen = withinBudget(spread, budget);
  let used = chosen.reduce((sum, passage) => sum + passage.text.length, 0);

  const weights = new Map<string, number>();
  for (const passage of passages) {
    for (const term of termsOf(passage.text)) weights.set(term, (weights.get(term) ?? 0) + 1);
  }
  const main = [...weights.entries()]
    .filter(([term]) => !term.includes(' ') && term.length > 2)
    .sort((a, c) => c[1] - a[1])
    .slice(0, 20)
    .map(([term]) => term);
  const scores = bm25Scores(passages, main);
  const rest = passages
    .map((passage, index) => ({ passage, score: scores[index] ?? 0 }))
    .filter((entry) => !chosen.includes(entry.passage))
    .sort((a, c) => c.score - a.score);
  for (const { passage } of rest) {
    if (used + passage.text.length > budget) continue;
    chosen.push(passage);
    used += passage.text.length;
  }
  return numbered(chosen, passages);
}

/** How a passage's place is said in a prompt and a citation: "page 3", "sheet Sales". */
export function placeOf(ref: OfficePartRef): string {
  const name = ref.name?.replace(/[()\n\r]+/g, ' ').trim();
  return ref.kind === 'sheet' && name ? `sheet ${name}` : `${ref.kind} ${ref.number}`;
}

/** The passages as the prompt lists them: `[n] (page 3): text`, one passage a line. */
export function passageLines(passages: readonly NumberedPassage[]): string {
  return passages
    .map(
      (passage) => `[${passage.n}] (${placeOf(passage.ref)}): ${passage.text.replace(/\s+/g, ' ')}`,
    )
    .join('\n');
}

/** The sources an answer names: each passage's number, place and start. */
export function sourcesOf(passages: readonly NumberedPassage[]): OfficeSource[] {
  return passages.map((passage) => ({
    n: passage.n,
    ref: passage.ref,
    excerpt: passage.text.replace(/\s+/g, ' ').slice(0, 200),
  }));
}
