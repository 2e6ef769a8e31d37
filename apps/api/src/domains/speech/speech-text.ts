/**
 * Turns a Markdown reply into what is worth saying: code blocks, images, link targets and
 * formatting marks are not read aloud.
 */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/`([^`\n]*)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ')
    .replace(/[*~]+/g, '')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** A sentence ends at . ! ? or … (then any closing quotes or brackets) before a space, or at a line end. */
const sentenceEnd = /[.!?…](?=["'”’)\]]*(\s|$))["'”’)\]]*|\n/g;

/**
 * Cuts text to at most maxCharacters: at the last sentence end that fits; when the first
 * sentence alone is longer than that, at the last space that fits (so a word is never split);
 * a single unbroken run is cut hard. Text that fits is returned unchanged.
 */
export function cutAtSentence(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  const window = text.slice(0, maxCharacters + 1);
  let end = 0;
  for (const match of window.matchAll(sentenceEnd)) {
    const stop = match.index + match[0].length;
    if (stop <= maxCharacters) end = stop;
  }
  if (end === 0) end = window.lastIndexOf(' ');
  if (end <= 0) end = maxCharacters;
  return text.slice(0, end).trim();
}
