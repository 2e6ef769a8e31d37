/** A run of words the two versions share, or that only one of them has. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Past this many words on a side the comparison would be slow: shown as one change instead. */
const MAX_WORDS = 4000;

const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * A word diff of two versions (the longest common subsequence of their words and spaces): what
 * the older one had that the newer lost, and what the newer added.
 */
export function wordDiff(older: string, newer: string): DiffPart[] {
  const a = tokens(older);
  const b = tokens(newer);
  const parts: DiffPart[] = [];
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    if (older) push(parts, 'removed', older);
    if (newer) push(parts, 'added', newer);
    return parts;
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    const row = lengths[i] as Uint32Array;
    const next = lengths[i + 1] as Uint32Array;
    for (let j = b.length - 1; j >= 0; j -= 1) {
      row[j] = a[i] === b[j] ? (next[j + 1] ?? 0) + 1 : Math.max(next[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i] as string);
      i += 1;
      j += 1;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) {
      push(parts, 'removed', a[i] as string);
      i += 1;
    } else {
      push(parts, 'added', b[j] as string);
      j += 1;
    }
  }
  for (; i < a.length; i += 1) push(parts, 'removed', a[i] as string);
  for (; j < b.length; j += 1) push(parts, 'added', b[j] as string);
  return parts;
}
