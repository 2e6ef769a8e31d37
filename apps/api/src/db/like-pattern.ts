/**
 * A LIKE pattern matching `search` anywhere, compared with lower(column): `%`, `_` and the escape
 * character itself match literally (write `escape '\'` after it). lower() folds every letter on
 * both databases (SQLite's is replaced by JavaScript's in database.ts), so "Đàn" finds "đàn".
 */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
