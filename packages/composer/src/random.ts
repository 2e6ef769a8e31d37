/**
 * The composer's only source of chance: a seeded PRNG (mulberry32), so the same seed and settings
 * always write the same piece. Math.random is never used.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('Nothing to pick from.');
      return item;
    },
  };
}

/**
 * A seed derived from a seed and words (FNV-1a over both): each part of the piece draws from its
 * own stream, so rewriting one section or adding an instrument leaves the others' choices alone.
 */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (const character of labels.join('/')) {
    hash ^= character.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x7feb352d) >>> 0;
  hash ^= hash >>> 15;
  // Kept within the contracts' seed range (0 … 2^31 − 1).
  return hash & 0x7fffffff;
}
