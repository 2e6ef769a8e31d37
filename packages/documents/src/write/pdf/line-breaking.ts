/**
 * Breaking styled text into lines by measured widths: between words where it can, inside a word
 * only when the word alone is wider than the line. Pure, so it is tested without a PDF.
 */

/** A stretch of text in one style; its `style` is whatever the caller draws it with. */
export interface Piece<Style> {
  text: string;
  style: Style;
}

export interface Run<Style> extends Piece<Style> {
  width: number;
}

export interface Line<Style> {
  runs: Run<Style>[];
  width: number;
}

export type Measure<Style> = (text: string, style: Style) => number;

type Token<Style> =
  { kind: 'break' } | { kind: 'space'; style: Style } | { kind: 'word'; fragments: Piece<Style>[] };

/** Words may span pieces (`**bold**er` is one word): only spaces and line breaks separate them. */
function tokens<Style>(pieces: readonly Piece<Style>[]): Token<Style>[] {
  const out: Token<Style>[] = [];
  let word: Piece<Style>[] | null = null;
  for (const piece of pieces) {
    for (const match of piece.text.matchAll(/\n|[ \t]+|[^ \t\n]+/g)) {
      const text = match[0];
      if (text === '\n' || /^[ \t]/.test(text)) {
        word = null;
        out.push(text === '\n' ? { kind: 'break' } : { kind: 'space', style: piece.style });
      } else if (word) {
        word.push({ text, style: piece.style });
      } else {
        word = [{ text, style: piece.style }];
        out.push({ kind: 'word', fragments: word });
      }
    }
  }
  return out;
}

/** Characters with their combining marks, so a mark never starts a line. */
const graphemes = (text: string): string[] => text.match(/\P{M}\p{M}*/gu) ?? [];

class LineBuilder<Style> {
  readonly lines: Line<Style>[] = [];
  private runs: Run<Style>[] = [];
  private width = 0;

  constructor(private readonly measure: Measure<Style>) {}

  get empty(): boolean {
    return this.runs.length === 0;
  }

  get used(): number {
    return this.width;
  }

  add(text: string, style: Style, width = this.measure(text, style)): void {
    const last = this.runs.at(-1);
    if (last && last.style === style) {
      last.text += text;
      last.width += width;
    } else {
      this.runs.push({ text, style, width });
    }
    this.width += width;
  }

  finish(): void {
    this.lines.push({ runs: this.runs, width: this.width });
    this.runs = [];
    this.width = 0;
  }
}

/**
 * Greedy line breaking. Runs of spaces collapse to one and never begin or end a line; a `\n`
 * ends one. Styles are compared by identity, so pass the same object for the same style.
 */
export function breakLines<Style>(
  pieces: readonly Piece<Style>[],
  maxWidth: number,
  measure: Measure<Style>,
): Line<Style>[] {
  const builder = new LineBuilder(measure);
  let pendingSpace: Style | null = null;
  for (const token of tokens(pieces)) {
    if (token.kind === 'break') {
      builder.finish();
      pendingSpace = null;
      continue;
    }
    if (token.kind === 'space') {
      if (!builder.empty) pendingSpace = token.style;
      continue;
    }
    const widths = token.fragments.map((fragment) => measure(fragment.text, fragment.style));
    const wordWidth = widths.reduce((a, b) => a + b, 0);
    const spaceWidth = pendingSpace === null ? 0 : measure(' ', pendingSpace);
    if (!builder.empty && builder.used + spaceWidth + wordWidth > maxWidth) {
      builder.finish();
      pendingSpace = null;
    }
    if (pendingSpace !== null && !builder.empty) builder.add(' ', pendingSpace, spaceWidth);
    pendingSpace = null;
    if (wordWidth <= maxWidth - builder.used) {
      token.fragments.forEach((fragment, index) =>
        builder.add(fragment.text, fragment.style, widths[index]),
      );
      continue;
    }
    // Wider than a whole line: as many characters as fit on each line.
    for (const fragment of token.fragments) {
      for (const character of graphemes(fragment.text)) {
        const width = measure(character, fragment.style);
        if (!builder.empty && builder.used + width > maxWidth) builder.finish();
        builder.add(character, fragment.style, width);
      }
    }
  }
  builder.finish();
  return builder.lines;
}
