import type { MusicKey, MusicMode, MusicTonic } from '@studio/contracts';

/** Semitones of each tonic above C. */
const tonicPitchClass: Record<MusicTonic, number> = {
  C: 0,
  'C#': 1,
  D: 2,
  Eb: 3,
  E: 4,
  F: 5,
  'F#': 6,
  G: 7,
  Ab: 8,
  A: 9,
  Bb: 10,
  B: 11,
};

/** Sharps (positive) or flats (negative) of each tonic's major key signature. */
const majorSignature: Record<MusicTonic, number> = {
  C: 0,
  'C#': 7,
  D: 2,
  Eb: -3,
  E: 4,
  F: -1,
  'F#': 6,
  G: 1,
  Ab: -4,
  A: 3,
  Bb: -2,
  B: 5,
};

/** A key signature's major key by its count of sharps (−7 … 7), as MIDI files name them. */
const signatureNames = [
  'Cb',
  'Gb',
  'Db',
  'Ab',
  'Eb',
  'Bb',
  'F',
  'C',
  'G',
  'D',
  'A',
  'E',
  'B',
  'F#',
  'C#',
] as const;

/**
 * Minor is the natural minor (Aeolian): its dominant is v, not V, so every chord the composer
 * writes stays inside the key's seven notes; only the melody's chromatic passing notes leave it.
 */
const modeSteps: Record<MusicMode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

export function tonicOf(key: MusicKey): number {
  return tonicPitchClass[key.tonic];
}

/** The key's seven pitch classes, tonic first. */
export function scalePitchClasses(key: MusicKey): number[] {
  return modeSteps[key.mode].map((step) => (tonicOf(key) + step) % 12);
}

export function inScale(key: MusicKey, pitch: number): boolean {
  return scalePitchClasses(key).includes(((pitch % 12) + 12) % 12);
}

/** The key signature as a MIDI file writes it: sharps (+) or flats (−), and the mode. */
export function keySignatureOf(key: MusicKey): { sharps: number; name: string; minor: boolean } {
  const sharps = majorSignature[key.tonic] + (key.mode === 'minor' ? -3 : 0);
  const name = signatureNames[sharps + 7];
  if (!name) throw new Error(`No key signature has ${sharps} sharps.`);
  return { sharps, name, minor: key.mode === 'minor' };
}

/**
 * Pitch classes of the diatonic chord on a scale degree (0 = I): a triad, or a seventh chord
 * when `seventh` (jazz). Built from the scale, so every tone is in the key.
 */
export function chordPitchClasses(key: MusicKey, degree: number, seventh = false): number[] {
  const scale = scalePitchClasses(key);
  const steps = seventh ? [0, 2, 4, 6] : [0, 2, 4];
  return steps.map((step) => scale[(degree + step) % 7] ?? 0);
}

/** Every MIDI pitch (0–127) in the key, lowest first. */
export function scalePitches(key: MusicKey): number[] {
  const classes = scalePitchClasses(key);
  const pitches: number[] = [];
  for (let pitch = 0; pitch <= 127; pitch += 1)
    if (classes.includes(pitch % 12)) pitches.push(pitch);
  return pitches;
}

/** The scale note `steps` scale steps from a pitch (from the nearest scale note at or below it). */
export function scaleStep(key: MusicKey, pitch: number, steps: number): number {
  const pitches = scalePitches(key);
  let index = pitches.length - 1;
  while (index > 0 && (pitches[index] ?? 0) > pitch) index -= 1;
  const target = Math.min(pitches.length - 1, Math.max(0, index + steps));
  return pitches[target] ?? pitch;
}

/** The pitch with one of these pitch classes nearest to `near` (ties go down). */
export function nearestPitch(pitchClasses: readonly number[], near: number): number {
  let best = near;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let pitch = near - 12; pitch <= near + 12; pitch += 1) {
    if (!pitchClasses.includes(((pitch % 12) + 12) % 12)) continue;
    const distance = Math.abs(pitch - near);
    if (distance < bestDistance) {
      best = pitch;
      bestDistance = distance;
    }
  }
  return best;
}

/** The chord's tones between low and high (inclusive), lowest first. */
export function chordTonesIn(pitchClasses: readonly number[], low: number, high: number): number[] {
  const tones: number[] = [];
  for (let pitch = low; pitch <= high; pitch += 1) {
    if (pitchClasses.includes(pitch % 12)) tones.push(pitch);
  }
  return tones;
}
