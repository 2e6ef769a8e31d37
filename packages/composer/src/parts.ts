import type { MusicKey } from '@studio/contracts';
import {
  type ArrangementNote,
  type ArrangementSection,
  type MusicInstrument,
  type PartRole,
  TICKS_PER_BAR,
  TICKS_PER_EIGHTH,
} from './arrangement.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';
import {
  defaultMelodyRange,
  type GenreStyle,
  melodyRange,
  type PatternStep,
  sectionLoudness,
} from './styles.ts';
import {
  chordPitchClasses,
  chordTonesIn,
  inScale,
  nearestPitch,
  scaleStep,
  tonicOf,
} from './theory.ts';

/** What every part of a piece shares while it is written. */
export interface PieceContext {
  key: MusicKey;
  style: GenreStyle;
  /** The mood's loudness (0.8–1.1). */
  loudness: number;
  /** The melody's instrument also plays the chords (one instrument alone): chords go lower. */
  sharedChords: boolean;
}

/** Where a section sits in its piece. */
export interface SectionPlace {
  section: ArrangementSection;
  /** The piece's last section: its last bar is one held ending. */
  final: boolean;
  /** The melody's last pitch before this section (it continues from there). */
  anchor: number | null;
}

const SIXTEENTH = TICKS_PER_EIGHTH / 2;
/** Notes are held for most of their length (a small gap keeps repeated notes apart). */
const articulation = 0.92;

function velocity(base: number, context: PieceContext, section: ArrangementSection): number {
  const value = Math.round(base * context.loudness * sectionLoudness[section.name]);
  return Math.min(127, Math.max(1, value));
}

function held(eighths: number): number {
  return Math.max(1, Math.round(eighths * TICKS_PER_EIGHTH * articulation));
}

/** Writes one part's notes for one section. */
export function writePart(
  role: PartRole,
  instrument: MusicInstrument,
  context: PieceContext,
  place: SectionPlace,
): ArrangementNote[] {
  switch (role) {
    case 'melody':
      return writeMelody(instrument, context, place);
    case 'bass':
      return writeBass(context, place);
    case 'chords':
      return writeChords(context, place);
    case 'pad':
      return writePad(context, place, instrument);
    case 'drums':
      return writeDrums(context, place);
  }
}

// ── Melody ────────────────────────────────────────────────────────────────────────────────

/** One-bar rhythms, in eighths (each adds up to a bar). */
const melodyRhythms: number[][] = [
  [2, 2, 2, 2],
  [2, 1, 1, 2, 2],
  [3, 1, 2, 2],
  [1, 1, 2, 1, 1, 2],
  [2, 2, 1, 1, 2],
  [4, 2, 2],
  [3, 1, 3, 1],
  [2, 1, 1, 4],
  [1, 1, 1, 1, 2, 2],
];
/** Rhythms that close a phrase on a held note. */
const cadenceRhythms: number[][] = [
  [2, 2, 4],
  [3, 1, 4],
  [4, 4],
  [2, 6],
];

function stepsOf(lengths: number[]): PatternStep[] {
  let at = 0;
  return lengths.map((length) => {
    const step = { at, length };
    at += length;
    return step;
  });
}

/** A bar-long idea: its rhythm and its shape in scale steps; the phrases are built from it. */
interface Motif {
  rhythm: PatternStep[];
  contour: number[];
}

function makeMotif(random: Random): Motif {
  const rhythm = stepsOf(random.pick(melodyRhythms));
  const contour = rhythm.map((_, index) =>
    index === 0 ? 0 : random.pick([-2, -1, -1, 1, 1, 2, 0, 1]),
  );
  return { rhythm, contour };
}

/**
 * The melody: phrases of four bars (two in a short section): the motif, an answer, the motif
 * again on the new chord, and a cadence that holds a chord tone (the tonic at a section's
 * authentic ending). Strong beats (1 and 3) take chord tones; the notes between move by step in
 * the scale, and a whole-tone step now and then gets a chromatic passing note.
 */
function writeMelody(
  instrument: MusicInstrument,
  context: PieceContext,
  place: SectionPlace,
): ArrangementNote[] {
  const { section } = place;
  const random = createRandom(deriveSeed(section.seed, 'melody'));
  const motif = makeMotif(createRandom(deriveSeed(section.seed, 'motif')));
  const [low, high] = melodyRange[instrument] ?? defaultMelodyRange;
  const middle = Math.round((low + high) / 2);
  let previous = place.anchor ?? middle;
  const phrase = section.bars >= 4 ? 4 : 2;
  const notes: ArrangementNote[] = [];
  const sevenths = context.style.sevenths;

  for (let bar = 0; bar < section.bars; bar += 1) {
    const degree = section.chords[bar] ?? 0;
    const chordTones = chordPitchClasses(context.key, degree, sevenths);
    const inPhrase = bar % phrase;
    const lastBar = bar === section.bars - 1;
    const closesPhrase = inPhrase === phrase - 1 || lastBar;
    let rhythm: PatternStep[];
    let contour: number[];
    if (lastBar && place.final) {
      rhythm = stepsOf([8]);
      contour = [0];
    } else if (closesPhrase) {
      rhythm = stepsOf(random.pick(cadenceRhythms));
      contour = rhythm.map((_, index) => (index === 0 ? 0 : random.pick([-1, 1, -2])));
    } else if (inPhrase % 2 === 0) {
      ({ rhythm, contour } = motif);
    } else {
      rhythm = stepsOf(random.pick(melodyRhythms));
      contour = motif.contour.map((step) => -step);
      while (contour.length < rhythm.length) contour.push(random.pick([-1, 1]));
    }

    const barStart = (section.startBar + bar) * TICKS_PER_BAR;
    const barNotes: ArrangementNote[] = [];
    rhythm.forEach((step, index) => {
      const strong = step.at % 4 === 0;
      let target = index === 0 ? previous : scaleStep(context.key, previous, contour[index] ?? 0);
      // Back towards the middle when the line would leave the instrument's range.
      if (target > high || target < low)
        target = scaleStep(context.key, previous, target > high ? -1 : 1);
      let pitch: number;
      if (strong) pitch = nearestPitch(chordTones, target);
      else pitch = inScale(context.key, target) ? target : scaleStep(context.key, target, 0);
      // A closing note is the chord's root (the tonic at an authentic cadence).
      if (closesPhrase && index === rhythm.length - 1) {
        pitch = nearestPitch([chordTones[0] ?? tonicOf(context.key)], pitch);
      }
      if (pitch > high || pitch < low) {
        pitch = Math.min(high, Math.max(low, pitch));
        pitch = strong ? nearestPitch(chordTones, pitch) : scaleStep(context.key, pitch, 0);
      }
      barNotes.push({
        tick: barStart + step.at * TICKS_PER_EIGHTH,
        ticks: held(step.length),
        pitch,
        velocity: velocity(strong ? 96 : 84, context, section),
        passing: !chordTones.includes(pitch % 12),
      });
      previous = pitch;
    });
    addChromaticPassing(barNotes, context.style.chromatic, random);
    notes.push(...barNotes);
  }
  return notes;
}

/**
 * Between two notes a whole tone apart, a weak note in between becomes the semitone that joins
 * them (C – C# – D): the one kind of note outside the key the composer writes.
 */
function addChromaticPassing(notes: ArrangementNote[], chance: number, random: Random): void {
  for (let index = 1; index < notes.length - 1; index += 1) {
    const before = notes[index - 1];
    const note = notes[index];
    const after = notes[index + 1];
    if (!before || !note || !after) continue;
    const weak = (note.tick % TICKS_PER_BAR) % (TICKS_PER_EIGHTH * 4) !== 0;
    if (!weak || Math.abs(after.pitch - before.pitch) !== 2) continue;
    if (!random.chance(chance)) continue;
    note.pitch = (before.pitch + after.pitch) / 2;
    note.passing = true;
  }
}

// ── Bass ──────────────────────────────────────────────────────────────────────────────────

/** Roots and fifths in the genre's rhythm, around the second octave (E1–E3). */
function writeBass(context: PieceContext, place: SectionPlace): ArrangementNote[] {
  const { section } = place;
  const notes: ArrangementNote[] = [];
  for (let bar = 0; bar < section.bars; bar += 1) {
    const chord = chordPitchClasses(context.key, section.chords[bar] ?? 0);
    const root = nearestPitch([chord[0] ?? 0], 38);
    const fifth = root + (((chord[2] ?? 0) - (chord[0] ?? 0) + 12) % 12);
    const nextDegree = section.chords[bar + 1];
    const barStart = (section.startBar + bar) * TICKS_PER_BAR;
    const ending = place.final && bar === section.bars - 1;
    const steps = ending ? [{ at: 0, length: 8, tone: 'root' as const }] : context.style.bass;
    for (const step of steps) {
      let pitch = root;
      if (step.tone === 'fifth') pitch = fifth;
      else if (step.tone === 'octave') pitch = root + 12;
      else if (step.tone === 'approach') {
        if (nextDegree === undefined) pitch = fifth;
        else {
          const nextRoot = nearestPitch([chordPitchClasses(context.key, nextDegree)[0] ?? 0], root);
          pitch = scaleStep(context.key, nextRoot, nextRoot > root ? -1 : 1);
        }
      }
      notes.push({
        tick: barStart + step.at * TICKS_PER_EIGHTH,
        ticks: held(step.length),
        pitch,
        velocity: velocity(step.at % 4 === 0 ? 100 : 88, context, section),
        passing: false,
      });
    }
  }
  return notes;
}

// ── Chords and pads ───────────────────────────────────────────────────────────────────────

/** The chord's tones nearest to a centre, as a close voicing (3 tones, 4 with a seventh). */
function voicing(tones: readonly number[], centre: number): number[] {
  const candidates = chordTonesIn(tones, centre - 12, centre + 12);
  const size = tones.length;
  let best: number[] = candidates.slice(0, size);
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let start = 0; start + size <= candidates.length; start += 1) {
    const chord = candidates.slice(start, start + size);
    const mean = chord.reduce((sum, pitch) => sum + pitch, 0) / size;
    if (Math.abs(mean - centre) < bestDistance) {
      best = chord;
      bestDistance = Math.abs(mean - centre);
    }
  }
  return best;
}

/** The chord instrument's comping: block chords or broken chords in the genre's rhythm. */
function writeChords(context: PieceContext, place: SectionPlace): ArrangementNote[] {
  const { section } = place;
  const centre = context.sharedChords ? 55 : 62;
  const notes: ArrangementNote[] = [];
  for (let bar = 0; bar < section.bars; bar += 1) {
    const tones = chordPitchClasses(context.key, section.chords[bar] ?? 0, context.style.sevenths);
    const chord = voicing(tones, centre);
    const barStart = (section.startBar + bar) * TICKS_PER_BAR;
    const ending = place.final && bar === section.bars - 1;
    const comp = ending
      ? { kind: 'block' as const, steps: [{ at: 0, length: 8 }] }
      : context.style.comp;
    comp.steps.forEach((step, index) => {
      const tick = barStart + step.at * TICKS_PER_EIGHTH;
      const level = velocity(step.at % 4 === 0 ? 76 : 66, context, section);
      if (comp.kind === 'block') {
        for (const pitch of chord) {
          notes.push({ tick, ticks: held(step.length), pitch, velocity: level, passing: false });
        }
      } else {
        // Up and back down the chord: 0 1 2 3 2 1 …
        const cycle = [...chord, ...chord.slice(1, -1).reverse()];
        const pitch = cycle[index % cycle.length] ?? chord[0] ?? centre;
        notes.push({ tick, ticks: held(step.length), pitch, velocity: level, passing: false });
      }
    });
  }
  return notes;
}

/** Held chords, a bar each; a second pad instrument sits an octave higher. */
function writePad(
  context: PieceContext,
  place: SectionPlace,
  instrument: MusicInstrument,
): ArrangementNote[] {
  const { section } = place;
  const centre = instrument === 'strings' || instrument === 'choir' ? 67 : 60;
  const notes: ArrangementNote[] = [];
  for (let bar = 0; bar < section.bars; bar += 1) {
    const tones = chordPitchClasses(context.key, section.chords[bar] ?? 0);
    const tick = (section.startBar + bar) * TICKS_PER_BAR;
    for (const pitch of voicing(tones, centre)) {
      notes.push({
        tick,
        ticks: TICKS_PER_BAR - SIXTEENTH / 2,
        pitch,
        velocity: velocity(58, context, section),
        passing: false,
      });
    }
  }
  return notes;
}

// ── Drums ─────────────────────────────────────────────────────────────────────────────────

const KICK = 36;
const SNARE = 38;
const CRASH = 49;
const TOMS = [50, 48, 47, 45, 43];

/** Fills over the last two beats (sixteenths 8–15) of a section's last bar. */
const fills: { step: number; note: 'snare' | 'tom' | 'kick' }[][] = [
  [8, 10, 12, 13, 14, 15].map((step) => ({ step, note: 'snare' as const })),
  [8, 9, 10, 11, 12, 13, 14, 15].map((step) => ({
    step,
    note: step < 12 ? ('snare' as const) : ('tom' as const),
  })),
  [8, 10, 11, 12, 14, 15].map((step) => ({
    step,
    note: step % 2 ? ('tom' as const) : ('kick' as const),
  })),
  [12, 13, 14, 15].map((step) => ({ step, note: 'tom' as const })),
];

/**
 * The genre's groove on General MIDI drums (channel 10); a crash where a section begins, a fill
 * in its last bar (chosen by its seed), and one hit to end the piece. An intro keeps to kick and
 * cymbals.
 */
function writeDrums(context: PieceContext, place: SectionPlace): ArrangementNote[] {
  const { section } = place;
  const random = createRandom(deriveSeed(section.seed, 'fill'));
  const groove = context.style.drums;
  const notes: ArrangementNote[] = [];
  const hit = (tick: number, pitch: number, level: number) =>
    notes.push({
      tick,
      ticks: SIXTEENTH,
      pitch,
      velocity: velocity(level, context, section),
      passing: false,
    });

  for (let bar = 0; bar < section.bars; bar += 1) {
    const barStart = (section.startBar + bar) * TICKS_PER_BAR;
    const at = (step: number) => barStart + step * SIXTEENTH;
    if (place.final && bar === section.bars - 1) {
      hit(at(0), KICK, 110);
      hit(at(0), CRASH, 104);
      continue;
    }
    const fillBar = bar === section.bars - 1 && section.name !== 'intro';
    const fill = fillBar ? random.pick(fills) : [];
    const fillFrom = fill[0]?.step ?? 16;
    if (bar === 0 && section.startBar > 0) hit(at(0), CRASH, 96);
    for (const step of groove.kick)
      if (step < fillFrom) hit(at(step), KICK, step % 8 === 0 ? 104 : 92);
    if (section.name !== 'intro') {
      for (const step of groove.snare) if (step < fillFrom) hit(at(step), SNARE, 98);
    }
    for (const step of groove.hat) {
      if (step < fillFrom) hit(at(step), groove.hatNote, step % 4 === 0 ? 78 : 62);
    }
    let tom = 0;
    for (const { step, note } of fill) {
      const pitch =
        note === 'snare' ? SNARE : note === 'kick' ? KICK : (TOMS[tom++ % TOMS.length] ?? 45);
      hit(at(step), pitch, 84 + Math.round(random.next() * 20));
    }
  }
  return notes;
}
