const MAX_WORDS = 6;
const MAX_SLUG_LENGTH = 40;

/**
 * A text's first words in plain ASCII for a file name (`xin-chao-cac-ban`): Vietnamese letters
 * lose their marks (đ becomes d) so the name reads everywhere; a text with no letters or digits
 * gives `fallback`. The tools' downloads (a voice clip, a piece of music) are named with it.
 */
export function fileSlug(text: string, fallback: string): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) {
      // A single long first word is cut; otherwise the name stops at the last whole word.
      if (!slug) slug = word.slice(0, MAX_SLUG_LENGTH);
      break;
    }
    slug = next;
  }
  return slug || fallback;
}
