/**
 * Markdown as the plain text a reader sees once it is rendered: for everything shown outside the
 * Markdown renderer (conversation titles, list previews, the screen-reader announcement of a
 * reply), so nobody reads "# Trip plan - Visit **Hanoi**". Plain data, no zod: the API's stored
 * titles and previews and the SPA use the same function.
 *
 * Not a Markdown parser: it removes the syntax of the constructs a chat reply uses (headings,
 * emphasis, code, links, images, lists, quotes, tables, rules, HTML tags) and leaves the words.
 * Text cut in the middle of a construct (a 160-character preview) loses its dangling markers.
 */
export function plainText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let inFence = false;
  for (const raw of lines) {
    // A fence line (``` or ~~~, with its language) goes; the code inside stays as it is.
    if (/^\s{0,3}(`{3,}|~{3,})/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(raw);
      continue;
    }
    const line = stripBlockMarkers(raw);
    if (line !== null) out.push(plainLineOf(line));
  }
  return out
    .join('\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** plainText on one line: titles and previews. */
export function plainLine(markdown: string): string {
  return plainText(markdown).replace(/\s+/g, ' ').trim();
}

export interface ShortLineOptions {
  /**
   * The Markdown given is only the start of a longer text (a preview read with a length limit):
   * its last word may be cut through, so it goes and an ellipsis says there is more.
   */
  continues?: boolean;
}

const ellipsis = '…';
// Punctuation that reads wrong right before an ellipsis ("Hello,…", "Trip plan -…").
const danglingBeforeEllipsis = /[\s,;:\-–—([{"'“‘]+$/u;

/**
 * plainLine shortened to at most `max` characters (as a reader counts them: "ế" is one) for a
 * title or a preview: cut between words, never through one, ending with "…" when words were left
 * out. A first word longer than the whole limit is the one thing cut through, so the line still
 * says something.
 */
export function shortLine(markdown: string, max: number, options: ShortLineOptions = {}): string {
  const line = plainLine(markdown);
  // One more than the room is all a cut looks at (a long message is not read to its end).
  const characters = graphemes(line, max + 1);
  if (characters.length <= max && !options.continues) return line;
  // Room for the ellipsis; a partial last word of a text that continues is not shown either.
  const room = Math.max(1, max - 1);
  const kept = characters.slice(0, room + 1);
  const cutsThroughAWord =
    kept.length > room ? !/\s/u.test(kept[room] ?? ' ') : Boolean(options.continues);
  let head = kept.slice(0, room).join('');
  if (cutsThroughAWord) {
    const lastSpace = head.search(/\s\S*$/u);
    if (lastSpace > 0) head = head.slice(0, lastSpace);
  }
  head = head.replace(danglingBeforeEllipsis, '');
  if (head.length === 0) return line.length === 0 ? '' : ellipsis;
  return `${head}${ellipsis}`;
}

// User-perceived characters, so a cut never separates a letter from its combining accent.
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** The first `limit` user-perceived characters of `text`. */
function graphemes(text: string, limit: number): string[] {
  const characters: string[] = [];
  for (const part of segmenter.segment(text)) {
    if (characters.length === limit) break;
    characters.push(part.segment);
  }
  return characters;
}

/**
 * The block markers at the start of a line: quotes, headings, list bullets and task boxes. Null
 * for a line that is only syntax (a rule, a table's separator row).
 */
function stripBlockMarkers(line: string): string | null {
  let text = line;
  // "> > quoted" (nested quotes)
  text = text.replace(/^\s{0,3}(>\s?)+/, '');
  // Horizontal rules and setext underlines: "---", "***", "===" on their own.
  if (/^\s{0,3}([-*_=])(\s*\1){2,}\s*$/.test(text)) return null;
  // Table separator rows: "|---|:--:|".
  if (/^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(text)) return null;
  text = text.replace(/^\s{0,3}#{1,6}(\s+|$)/, '').replace(/\s+#+\s*$/, '');
  // "- item", "* item", "+ item", then a task box "[ ]" / "[x]". Numbered items keep their number.
  text = text.replace(/^(\s*)[-*+]\s+(\[[ xX]\]\s+)?/, '$1');
  text = text.replace(/^(\s*\d{1,9}[.)]\s+)\[[ xX]\]\s+/, '$1');
  return text;
}

// Table rows: the cells, separated by spaces.
function tableCells(line: string): string {
  if (!/^\s*\|.*\|\s*$/.test(line)) return line;
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join('  ');
}

function plainProse(text: string): string {
  return (
    text
      // Images: their description; links: their text; autolinks: the address.
      .replace(/!\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1')
      .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1')
      // HTML tags (the renderer shows none); "a < b" is not a tag.
      .replace(/<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/gi, '')
      // Emphasis, strong and strikethrough; "2 * 3 * 4" and snake_case stay.
      .replace(/(\*{1,3})(?=\S)([^*]*?\S)\1(?!\*)/g, '$2')
      .replace(/(?<![\p{L}\p{N}_])(_{1,3})(?=\S)([^_]*?\S)\1(?![\p{L}\p{N}_])/gu, '$2')
      .replace(/(~~)(?=\S)([^~]*?\S)\1/g, '$2')
      // Markers left unmatched by a cut: "**Hano", "Hanoi**", a lone fence.
      .replace(/\*{2,}|(?<![\p{L}\p{N}])_{2,}|_{2,}(?![\p{L}\p{N}])|~~|`{3,}/gu, '')
      // Backslash escapes: "\*" is a star.
      .replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, '$1')
  );
}

function plainLineOf(line: string): string {
  const text = tableCells(line);
  // Inline code keeps its text verbatim; only the prose around it loses its syntax. split() with
  // the span's two groups gives [prose, ticks, code, prose, ticks, code, …, prose].
  const parts = text.split(/(`+)([^`]|[^`][^]*?[^`])\1(?!`)/);
  return parts
    .map((part, index) => (index % 3 === 0 ? plainProse(part) : index % 3 === 2 ? part.trim() : ''))
    .join('');
}
