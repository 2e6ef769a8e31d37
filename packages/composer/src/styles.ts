import type { MusicGenre, MusicInstrument, MusicMood, MusicSection } from '@studio/contracts';

/** A note of a one-bar pattern, in eighths of the bar (0–7). */
export interface PatternStep {
  at: number;
  length: number;
}

export type BassTone = 'root' | 'fifth' | 'octave' | 'approach';
export interface BassStep extends PatternStep {
  tone: BassTone;
}

/** How the chord instrument plays each bar: block chords on these steps, or broken (one tone each). */
export interface CompStyle {
  kind: 'block' | 'broken';
  steps: PatternStep[];
}

/** A drum groove over sixteen sixteenths. */
export interface DrumGroove {
  kick: number[];
  snare: number[];
  hat: number[];
  /** 42 closed hi-hat, 51 ride, 46 open hi-hat. */
  hatNote: number;
}

export interface GenreStyle {
  tempo: [number, number];
  moods: MusicMood[];
  band: MusicInstrument[];
  bass: BassStep[];
  comp: CompStyle;
  drums: DrumGroove;
  /** Seventh chords instead of triads. */
  sevenths: boolean;
  /** How often a melody's whole-tone step gets a chromatic passing note between. */
  chromatic: number;
}

const eighths = (...at: number[]): PatternStep[] => at.map((step) => ({ at: step, length: 1 }));
const range = (from: number, to: number, by: number): number[] => {
  const steps: number[] = [];
  for (let step = from; step <= to; step += by) steps.push(step);
  return steps;
};

const rootFifth: BassStep[] = [
  { at: 0, length: 3, tone: 'root' },
  { at: 3, length: 1, tone: 'root' },
  { at: 4, length: 2, tone: 'fifth' },
  { at: 6, length: 2, tone: 'root' },
];

/** Each genre's tempo range, its usual moods, its band and its rhythm section. */
export const genreStyles: Record<MusicGenre, GenreStyle> = {
  pop: {
    tempo: [92, 124],
    moods: ['happy', 'energetic', 'romantic', 'dreamy'],
    band: ['synth-lead', 'piano', 'bass', 'synth-pad', 'drums'],
    bass: rootFifth,
    comp: {
      kind: 'block',
      steps: [
        { at: 0, length: 3 },
        { at: 3, length: 3 },
        { at: 6, length: 2 },
      ],
    },
    drums: { kick: [0, 6, 8, 10], snare: [4, 12], hat: range(0, 14, 2), hatNote: 42 },
    sevenths: false,
    chromatic: 0.1,
  },
  rock: {
    tempo: [110, 150],
    moods: ['energetic', 'epic', 'tense', 'happy'],
    band: ['electric-guitar', 'organ', 'bass', 'drums'],
    bass: range(0, 7, 1).map((at) => ({ at, length: 1, tone: at === 7 ? 'fifth' : 'root' })),
    comp: { kind: 'block', steps: eighths(0, 1, 2, 3, 4, 5, 6, 7) },
    drums: { kick: [0, 3, 8, 10], snare: [4, 12], hat: range(0, 14, 2), hatNote: 42 },
    sevenths: false,
    chromatic: 0.05,
  },
  jazz: {
    tempo: [96, 160],
    moods: ['romantic', 'calm', 'happy', 'dreamy'],
    band: ['saxophone', 'piano', 'bass', 'drums'],
    bass: [
      { at: 0, length: 2, tone: 'root' },
      { at: 2, length: 2, tone: 'fifth' },
      { at: 4, length: 2, tone: 'octave' },
      { at: 6, length: 2, tone: 'approach' },
    ],
    comp: {
      kind: 'block',
      steps: [
        { at: 0, length: 3 },
        { at: 3, length: 2 },
      ],
    },
    drums: { kick: [0, 10], snare: [6, 14], hat: [0, 4, 6, 8, 12, 14], hatNote: 51 },
    sevenths: true,
    chromatic: 0.35,
  },
  classical: {
    tempo: [66, 112],
    moods: ['calm', 'romantic', 'sad', 'epic'],
    band: ['flute', 'strings', 'piano'],
    bass: [
      { at: 0, length: 4, tone: 'root' },
      { at: 4, length: 4, tone: 'fifth' },
    ],
    comp: { kind: 'broken', steps: eighths(0, 1, 2, 3, 4, 5, 6, 7) },
    drums: { kick: [0], snare: [8], hat: [0, 4, 8, 12], hatNote: 51 },
    sevenths: false,
    chromatic: 0.1,
  },
  electronic: {
    tempo: [118, 132],
    moods: ['energetic', 'dreamy', 'tense', 'happy'],
    band: ['synth-lead', 'synth-pad', 'bass', 'electric-piano', 'drums'],
    bass: range(0, 7, 1).map((at) => ({ at, length: 1, tone: at % 2 === 0 ? 'root' : 'octave' })),
    comp: { kind: 'block', steps: eighths(1, 3, 5, 7) },
    drums: { kick: [0, 4, 8, 12], snare: [4, 12], hat: [2, 6, 10, 14], hatNote: 46 },
    sevenths: false,
    chromatic: 0.05,
  },
  lofi: {
    tempo: [70, 90],
    moods: ['calm', 'dreamy', 'sad', 'romantic'],
    band: ['electric-piano', 'bass', 'synth-pad', 'drums'],
    bass: [
      { at: 0, length: 3, tone: 'root' },
      { at: 3, length: 2, tone: 'root' },
      { at: 6, length: 2, tone: 'fifth' },
    ],
    comp: {
      kind: 'block',
      steps: [
        { at: 0, length: 4 },
        { at: 5, length: 3 },
      ],
    },
    drums: { kick: [0, 7, 10], snare: [4, 12], hat: range(0, 14, 2), hatNote: 42 },
    sevenths: true,
    chromatic: 0.15,
  },
  ambient: {
    tempo: [60, 84],
    moods: ['calm', 'dreamy', 'sad', 'tense'],
    band: ['piano', 'synth-pad', 'strings'],
    bass: [{ at: 0, length: 8, tone: 'root' }],
    comp: { kind: 'block', steps: [{ at: 0, length: 8 }] },
    drums: { kick: [0], snare: [], hat: [0, 8], hatNote: 51 },
    sevenths: false,
    chromatic: 0.05,
  },
  folk: {
    tempo: [84, 120],
    moods: ['happy', 'calm', 'sad', 'romantic'],
    band: ['flute', 'acoustic-guitar', 'bass', 'drums'],
    bass: [
      { at: 0, length: 2, tone: 'root' },
      { at: 2, length: 2, tone: 'fifth' },
      { at: 4, length: 2, tone: 'root' },
      { at: 6, length: 2, tone: 'fifth' },
    ],
    comp: { kind: 'broken', steps: eighths(0, 1, 2, 3, 4, 5, 6, 7) },
    drums: { kick: [0, 8], snare: [4, 12], hat: range(0, 14, 2), hatNote: 42 },
    sevenths: false,
    chromatic: 0.08,
  },
  cinematic: {
    tempo: [70, 104],
    moods: ['epic', 'tense', 'sad', 'dreamy'],
    band: ['brass', 'strings', 'choir', 'piano', 'drums'],
    bass: [
      { at: 0, length: 4, tone: 'root' },
      { at: 4, length: 4, tone: 'root' },
    ],
    comp: { kind: 'block', steps: [{ at: 0, length: 8 }] },
    drums: { kick: [0, 3, 8], snare: [12], hat: [], hatNote: 42 },
    sevenths: false,
    chromatic: 0.05,
  },
  'hip-hop': {
    tempo: [80, 98],
    moods: ['energetic', 'tense', 'calm', 'happy'],
    band: ['piano', 'bass', 'synth-lead', 'drums'],
    bass: [
      { at: 0, length: 3, tone: 'root' },
      { at: 3, length: 1, tone: 'root' },
      { at: 5, length: 3, tone: 'fifth' },
    ],
    comp: {
      kind: 'block',
      steps: [
        { at: 0, length: 2 },
        { at: 3, length: 2 },
      ],
    },
    drums: { kick: [0, 7, 10], snare: [4, 12], hat: range(0, 15, 1), hatNote: 42 },
    sevenths: true,
    chromatic: 0.1,
  },
};

/** Moods that lean minor, and how each mood moves the tempo and the loudness. */
export const moodTraits: Record<
  MusicMood,
  { minor: number; tempoShift: number; loudness: number }
> = {
  happy: { minor: 0.1, tempoShift: 6, loudness: 1 },
  calm: { minor: 0.35, tempoShift: -8, loudness: 0.82 },
  sad: { minor: 0.9, tempoShift: -10, loudness: 0.8 },
  energetic: { minor: 0.3, tempoShift: 10, loudness: 1.08 },
  dreamy: { minor: 0.55, tempoShift: -6, loudness: 0.82 },
  tense: { minor: 0.9, tempoShift: 4, loudness: 1 },
  romantic: { minor: 0.3, tempoShift: -4, loudness: 0.88 },
  epic: { minor: 0.6, tempoShift: 0, loudness: 1.1 },
};

/** Each section's loudness, so a chorus lifts and an intro and outro are quieter. */
export const sectionLoudness: Record<MusicSection, number> = {
  intro: 0.82,
  verse: 0.9,
  'pre-chorus': 0.95,
  chorus: 1.05,
  bridge: 0.9,
  outro: 0.82,
};

/** A section's usual length in bars (scaled to fit the piece's length). */
export const sectionBars: Record<MusicSection, number> = {
  intro: 4,
  verse: 8,
  'pre-chorus': 4,
  chorus: 8,
  bridge: 8,
  outro: 4,
};

/** Which instrument carries the melody when several could: the first of these in the band. */
export const melodyPreference: MusicInstrument[] = [
  'synth-lead',
  'saxophone',
  'flute',
  'brass',
  'electric-guitar',
  'piano',
  'electric-piano',
  'acoustic-guitar',
  'organ',
  'strings',
  'choir',
  'synth-pad',
  'bass',
];

/** Each pitched instrument's comfortable range for a melody (MIDI pitches). */
export const melodyRange: Partial<Record<MusicInstrument, [number, number]>> = {
  flute: [67, 91],
  saxophone: [55, 79],
  brass: [55, 79],
  bass: [40, 60],
  choir: [57, 79],
  strings: [60, 84],
};
export const defaultMelodyRange: [number, number] = [62, 84];
