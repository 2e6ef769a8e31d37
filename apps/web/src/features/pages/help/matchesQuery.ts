/**
 * Text folded for searching: lower case, accents and tone marks removed, đ read as d. So
 * "Thanh toán", "THANH TOAN" and "thanh toan" all become "thanh toan".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .toLowerCase()
    .replace(/đ/g, 'd');
}

/**
 * Whether `text` contains every word of `query`, in any order, ignoring case and diacritics.
 * An empty or blank query matches everything.
 */
export function matchesQuery(text: string, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const folded = foldForSearch(text);
  return words.every((word) => folded.includes(word));
}
