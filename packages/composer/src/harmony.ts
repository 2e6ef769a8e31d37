import type { MusicMode, MusicSection } from '@studio/contracts';
import { createRandom, deriveSeed } from './random.ts';

/**
 * Four-bar progressions as scale degrees (0 = I), per mode and section: verses, choruses and
 * bridges each draw from their own list, so they sound different from each other. In minor,
 * 2 = III, 5 = VI and 6 = VII (natural minor).
 */
const progressions: Record<MusicMode, Record<MusicSection, number[][]>> = {
  major: {
    intro: [
      [0, 3, 0, 4],
      [0, 5, 3, 4],
      [3, 0, 3, 4],
    ],
    verse: [
      [0, 5, 3, 4],
      [0, 3, 0, 4],
      [5, 3, 0, 4],
      [0, 4, 5, 3],
      [0, 2, 3, 4],
    ],
    'pre-chorus': [
      [3, 4, 3, 4],
      [1, 4, 1, 4],
      [5, 3, 1, 4],
    ],
    chorus: [
      [3, 4, 0, 5],
      [0, 4, 5, 3],
      [3, 0, 4, 5],
      [0, 3, 4, 0],
      [5, 3, 0, 4],
    ],
    bridge: [
      [5, 3, 0, 4],
      [3, 5, 3, 4],
      [1, 5, 3, 4],
      [5, 2, 3, 4],
    ],
    outro: [
      [0, 3, 0, 4],
      [3, 4, 0, 0],
      [0, 5, 3, 4],
    ],
  },
  minor: {
    intro: [
      [0, 5, 0, 6],
      [0, 3, 0, 6],
    ],
    verse: [
      [0, 5, 2, 6],
      [0, 3, 6, 2],
      [0, 6, 5, 6],
      [0, 3, 4, 0],
      [0, 5, 3, 4],
    ],
    'pre-chorus': [
      [3, 6, 3, 6],
      [5, 6, 5, 6],
      [3, 4, 5, 6],
    ],
    chorus: [
      [5, 6, 0, 0],
      [5, 2, 6, 0],
      [3, 5, 6, 0],
      [0, 5, 2, 6],
    ],
    bridge: [
      [3, 4, 5, 6],
      [5, 3, 6, 4],
      [2, 6, 5, 6],
    ],
    outro: [
      [0, 5, 6, 0],
      [0, 3, 6, 0],
      [5, 6, 0, 0],
    ],
  },
};

/** How a section ends: on the tonic (authentic, V–I or VII–i) or open on the dominant (half). */
export type Cadence = 'authentic' | 'half';

export function cadenceOf(name: MusicSection, last: boolean): Cadence {
  return last || name === 'chorus' || name === 'outro' ? 'authentic' : 'half';
}

/**
 * The chord of each bar of a section: its progression (the same for every section of that name
 * in a piece, so a chorus comes back as itself) repeated to fill it, and its cadence in the last
 * bars.
 */
export function sectionChords(
  pieceSeed: number,
  mode: MusicMode,
  name: MusicSection,
  bars: number,
  cadence: Cadence,
): number[] {
  const random = createRandom(deriveSeed(pieceSeed, 'harmony', name));
  const progression = random.pick(progressions[mode][name]);
  const chords = Array.from(
    { length: bars },
    (_, bar) => progression[bar % progression.length] ?? 0,
  );
  const dominant = 4;
  if (cadence === 'authentic') {
    chords[bars - 1] = 0;
    if (bars >= 2) chords[bars - 2] = mode === 'major' ? dominant : 6;
  } else {
    chords[bars - 1] = dominant;
  }
  return chords;
}
