import type { OfficeSource } from '@studio/contracts';

/** A run of an answer's text, or one of its [n] markers with the passage it points to. */
export type AnswerSegment =
  { kind: 'text'; text: string } | { kind: 'citation'; n: number; source: OfficeSource };

// [3], and the grouped forms models also write: [1, 2] and [1,2,3].
const MARKER = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/**
 * An answer's text cut into text and citations: each [n] whose n is one of the answer's sources
 * becomes a citation (a grouped [1, 2] becomes one per number); a marker naming no source (a
 * model's slip, or a half-streamed "[1") stays as text, so nothing the model wrote is lost.
 */
export function answerSegments(text: string, sources: readonly OfficeSource[]): AnswerSegment[] {
  const byNumber = new Map(sources.map((source) => [source.n, source]));
  const segments: AnswerSegment[] = [];
  const pushText = (piece: string) => {
    if (!piece) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += piece;
    else segments.push({ kind: 'text', text: piece });
  };
  let from = 0;
  for (const match of text.matchAll(MARKER)) {
    const numbers = (match[1] ?? '').split(',').map((one) => Number(one.trim()));
    const found = numbers.map((n) => byNumber.get(n));
    pushText(text.slice(from, match.index));
    if (found.every((source) => source !== undefined)) {
      for (const source of found) segments.push({ kind: 'citation', n: source.n, source });
    } else {
      pushText(match[0]);
    }
    from = match.index + match[0].length;
  }
  pushText(text.slice(from));
  return segments;
}

/** The sources an answer cites, in the order it first cites them (for its list of sources). */
export function citedSources(text: string, sources: readonly OfficeSource[]): OfficeSource[] {
  const seen = new Set<number>();
  const cited: OfficeSource[] = [];
  for (const segment of answerSegments(text, sources)) {
    if (segment.kind !== 'citation' || seen.has(segment.n)) continue;
    seen.add(segment.n);
    cited.push(segment.source);
  }
  return cited;
}
