import {
  MUSIC_DURATION_MAX_SECONDS,
  MUSIC_STRUCTURE_MAX,
  type MusicInstrument,
  type MusicSection,
  type MusicSettings,
  musicTonics,
  type ResolvedMusicSettings,
} from '@studio/contracts';
import {
  type Arrangement,
  type ArrangementNote,
  type ArrangementSection,
  barMs,
  DRUM_CHANNEL,
  type PartRole,
  TICKS_PER_BAR,
} from './arrangement.ts';
import { cadenceOf, sectionChords } from './harmony.ts';
import { type PieceContext, writePart } from './parts.ts';
import { createRandom, deriveSeed } from './random.ts';
import { genreStyles, melodyPreference, moodTraits, sectionBars } from './styles.ts';

/** The longest structure a resolved piece may hold (the contracts' limit). */
const maxSections = MUSIC_STRUCTURE_MAX * 2;

export interface ComposeOptions {
  /**
   * The seed when the settings leave it open (the API draws one); without either, one is derived
   * from the settings themselves, so composing stays a pure function.
   */
  seed?: number;
}

/**
 * Composes a piece: resolves what the settings leave open (mood, tempo, key, instruments,
 * structure, seed) from the genre, the mood and the seed, then writes each section's chords,
 * melody, bass, accompaniment and drums. The same settings and seed give the same arrangement.
 */
export function composeArrangement(
  settings: MusicSettings,
  options: ComposeOptions = {},
): Arrangement {
  const seed = settings.seed ?? options.seed ?? deriveSeed(0, JSON.stringify(settings));
  const random = createRandom(deriveSeed(seed, 'settings'));
  const style = genreStyles[settings.genre];
  const mood = settings.mood ?? random.pick(style.moods);
  const key = settings.key ?? {
    tonic: random.pick(musicTonics),
    mode: random.chance(moodTraits[mood].minor) ? ('minor' as const) : ('major' as const),
  };
  const [slowest, fastest] = style.tempo;
  const tempo =
    settings.tempo ??
    Math.min(200, Math.max(50, random.int(slowest, fastest) + moodTraits[mood].tempoShift));
  const instruments =
    settings.instruments.length > 0 ? [...new Set(settings.instruments)] : [...style.band];

  const bars = Math.max(
    2,
    settings.structure.length,
    Math.round((settings.durationSeconds * 1000) / barMs(tempo)),
  );
  const structure = settings.structure.length > 0 ? settings.structure : planStructure(bars);
  const resolved: ResolvedMusicSettings = {
    ...settings,
    mood,
    tempo,
    key,
    instruments,
    structure,
    seed,
  };

  const sizes = allocateBars(structure, bars);
  const sections: ArrangementSection[] = [];
  let startBar = 0;
  structure.forEach((name, index) => {
    const size = sizes[index] ?? 1;
    sections.push(
      newSection(
        resolved,
        name,
        startBar,
        size,
        deriveSeed(seed, 'section', name),
        index === structure.length - 1,
      ),
    );
    startBar += size;
  });

  const arrangement: Arrangement = {
    version: 1,
    settings: resolved,
    bars,
    durationMs: Math.round(bars * barMs(tempo)),
    sections,
    channels: channelsOf(instruments),
    parts: assignRoles(instruments).map(({ instrument, role }) => ({
      instrument,
      role,
      notes: [],
    })),
  };
  sections.forEach((_, index) => writeSectionParts(arrangement, index, () => true));
  return arrangement;
}

/**
 * Continues a piece by whole bars (about `seconds`), keeping its key, tempo and instruments:
 * new sections that follow on (a chorus brings back the piece's own chorus), the last ending
 * with a full cadence. What was there before is left as it was.
 */
export function extendArrangement(
  source: Arrangement,
  seconds: number,
  seed?: number,
): Arrangement {
  const { settings } = source;
  const added = Math.max(1, Math.round((seconds * 1000) / barMs(settings.tempo)));
  const room = maxSections - source.sections.length;
  if (room <= 0)
    throw new RangeError('The piece already has as many sections as a piece can hold.');
  const names = extensionSections(added).slice(-room);
  const sizes = allocateBars(names, added);
  const extensionSeed = seed ?? deriveSeed(settings.seed, 'extend', source.bars);
  const chorusSeed =
    source.sections.find((section) => section.name === 'chorus')?.seed ??
    deriveSeed(settings.seed, 'section', 'chorus');

  const sections = [...source.sections];
  let startBar = source.bars;
  names.forEach((name, index) => {
    const size = sizes[index] ?? 1;
    const sectionSeed =
      name === 'chorus' ? chorusSeed : deriveSeed(extensionSeed, 'section', name, index);
    sections.push(
      newSection(settings, name, startBar, size, sectionSeed, index === names.length - 1),
    );
    startBar += size;
  });
  const bars = source.bars + added;
  const durationMs = Math.round(bars * barMs(settings.tempo));
  const arrangement: Arrangement = {
    ...source,
    settings: {
      ...settings,
      durationSeconds: Math.min(MUSIC_DURATION_MAX_SECONDS, Math.round(durationMs / 1000)),
      structure: sections.map((section) => section.name),
    },
    bars,
    durationMs,
    sections,
    parts: source.parts.map((part) => ({ ...part, notes: [...part.notes] })),
  };
  for (let index = source.sections.length; index < sections.length; index += 1) {
    writeSectionParts(arrangement, index, () => true);
  }
  return arrangement;
}

/**
 * Writes one section again with another seed: a new melody and drum fill there, the same chords,
 * length and place; every other note of the piece stays as it was.
 */
export function rewriteSection(source: Arrangement, index: number, seed: number): Arrangement {
  const section = source.sections[index];
  if (!section) throw new RangeError(`The piece has no section ${index}.`);
  const sections = source.sections.map((each, at) => (at === index ? { ...each, seed } : each));
  const start = section.startBar * TICKS_PER_BAR;
  const end = (section.startBar + section.bars) * TICKS_PER_BAR;
  const rewritten = (role: PartRole) => role === 'melody' || role === 'drums';
  const arrangement: Arrangement = {
    ...source,
    sections,
    parts: source.parts.map((part) => ({
      ...part,
      notes: rewritten(part.role)
        ? part.notes.filter((note) => note.tick < start || note.tick >= end)
        : [...part.notes],
    })),
  };
  writeSectionParts(arrangement, index, rewritten);
  return arrangement;
}

function newSection(
  settings: ResolvedMusicSettings,
  name: MusicSection,
  startBar: number,
  bars: number,
  seed: number,
  last: boolean,
): ArrangementSection {
  const length = barMs(settings.tempo);
  return {
    name,
    startBar,
    bars,
    startMs: Math.round(startBar * length),
    endMs: Math.round((startBar + bars) * length),
    seed,
    chords: sectionChords(settings.seed, settings.key.mode, name, bars, cadenceOf(name, last)),
  };
}

/** Writes the notes of one section for the parts `which` picks, in place, keeping them in order. */
function writeSectionParts(
  arrangement: Arrangement,
  index: number,
  which: (role: PartRole) => boolean,
): void {
  const section = arrangement.sections[index];
  if (!section) return;
  const context = contextOf(arrangement);
  const start = section.startBar * TICKS_PER_BAR;
  for (const part of arrangement.parts) {
    if (!which(part.role)) continue;
    const anchor = part.role === 'melody' ? lastPitchBefore(part.notes, start) : null;
    const written = writePart(part.role, part.instrument, context, {
      section,
      final: index === arrangement.sections.length - 1,
      anchor,
    });
    part.notes = sortNotes([...part.notes, ...written]);
  }
}

function contextOf(arrangement: Arrangement): PieceContext {
  const { settings } = arrangement;
  const melody = arrangement.parts.find((part) => part.role === 'melody')?.instrument;
  const chords = arrangement.parts.find((part) => part.role === 'chords')?.instrument;
  return {
    key: settings.key,
    style: genreStyles[settings.genre],
    loudness: moodTraits[settings.mood].loudness,
    sharedChords: melody !== undefined && melody === chords,
  };
}

function lastPitchBefore(notes: ArrangementNote[], tick: number): number | null {
  let last: ArrangementNote | null = null;
  for (const note of notes) if (note.tick < tick && (!last || note.tick >= last.tick)) last = note;
  return last?.pitch ?? null;
}

function sortNotes(notes: ArrangementNote[]): ArrangementNote[] {
  return notes.sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
}

/**
 * Who plays what: the melody goes to the first lead-like instrument, the bass line to the bass
 * (or, without one, to the chord instrument's left hand), the chords to the next instrument (or
 * the melody's own, as a pianist plays both), pads to the rest, and the drums to channel 10.
 */
export function assignRoles(
  instruments: MusicInstrument[],
): { instrument: MusicInstrument; role: PartRole }[] {
  const pitched: MusicInstrument[] = instruments.filter((instrument) => instrument !== 'drums');
  const roles: { instrument: MusicInstrument; role: PartRole }[] = [];
  const melody = melodyPreference.find((instrument) => pitched.includes(instrument));
  if (melody) {
    roles.push({ instrument: melody, role: 'melody' });
    const others = pitched.filter((instrument) => instrument !== melody && instrument !== 'bass');
    const chords = others[0] ?? melody;
    const bass = pitched.includes('bass') && melody !== 'bass' ? 'bass' : chords;
    roles.push({ instrument: bass, role: 'bass' });
    roles.push({ instrument: chords, role: 'chords' });
    for (const pad of others.slice(1)) roles.push({ instrument: pad, role: 'pad' });
  }
  if (instruments.includes('drums')) roles.push({ instrument: 'drums', role: 'drums' });
  return roles;
}

/** One General MIDI channel per instrument, in order, skipping 10 (drums). */
function channelsOf(instruments: MusicInstrument[]): Arrangement['channels'] {
  let next = 0;
  return instruments.map((instrument) => {
    if (instrument === 'drums') return { instrument, channel: DRUM_CHANNEL };
    if (next === DRUM_CHANNEL) next += 1;
    return { instrument, channel: next++ };
  });
}

/** A song form that fits a length in bars (the sections are then sized to fill it exactly). */
export function planStructure(bars: number): MusicSection[] {
  if (bars < 8) return ['verse', 'chorus'];
  if (bars < 14) return ['intro', 'verse', 'chorus', 'outro'];
  if (bars < 32) return ['intro', 'verse', 'chorus', 'verse', 'chorus', 'outro'];
  const cycle: MusicSection[] = ['verse', 'pre-chorus', 'chorus'];
  if (bars < 48) return ['intro', ...cycle, ...cycle, 'outro'];
  const cycles = Math.min(6, Math.max(2, Math.round((bars - 24) / 28)));
  const body = Array.from({ length: cycles }, () => cycle).flat();
  return ['intro', ...body, 'bridge', 'chorus', 'outro'];
}

function extensionSections(bars: number): MusicSection[] {
  if (bars <= 6) return ['chorus'];
  if (bars <= 12) return ['verse', 'chorus'];
  if (bars <= 24) return ['verse', 'chorus', 'outro'];
  return ['verse', 'chorus', 'bridge', 'chorus', 'outro'];
}

/**
 * Sizes the sections to fill exactly `bars` bars, in proportion to their usual lengths, in
 * whole phrases of two bars where there is room (an odd bar goes to the last section); every
 * section has at least one bar.
 */
export function allocateBars(names: MusicSection[], bars: number): number[] {
  const grain = bars >= names.length * 2 ? 2 : 1;
  const units = Math.max(names.length, Math.floor(bars / grain));
  const weights = names.map((name) => sectionBars[name]);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const spare = units - names.length;
  const shares = weights.map((weight) => (spare * weight) / total);
  const sizes = shares.map((share) => 1 + Math.floor(share));
  let left = units - sizes.reduce((sum, size) => sum + size, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    sizes[index] = (sizes[index] ?? 0) + 1;
    left -= 1;
  }
  const inBars = sizes.map((size) => size * grain);
  const used = inBars.reduce((sum, size) => sum + size, 0);
  if (used < bars) inBars[inBars.length - 1] = (inBars.at(-1) ?? 0) + (bars - used);
  return inBars;
}
