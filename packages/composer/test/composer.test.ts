import { createRequire } from 'node:module';
import type * as ToneMidiModule from '@tonejs/midi';
import { type MusicSettingsInput, musicSettings } from '@studio/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Arrangement,
  arrangementSchema,
  arrangementToMidi,
  barMs,
  chordPitchClasses,
  composeArrangement,
  extendArrangement,
  inScale,
  keySignatureOf,
  loadSoundFont,
  peakDbfs,
  renderArrangement,
  rewriteSection,
  SAMPLE_RATE,
  type SoundFont,
  soundFontPath,
  TICKS_PER_BAR,
} from '../src/index.ts';

type ToneMidi = typeof ToneMidiModule;
const { Midi } = createRequire(import.meta.url)('@tonejs/midi') as ToneMidi;

const band = ['synth-lead', 'piano', 'bass', 'drums'] as const;
/** Several seeds on two genres and two kinds of structure (the composer's own, and one asked for). */
const cases: { name: string; settings: MusicSettingsInput }[] = [
  ...[11, 12].map((seed) => ({
    name: `pop, its own structure, seed ${seed}`,
    settings: { genre: 'pop' as const, durationSeconds: 15, seed, instruments: [...band] },
  })),
  ...[21, 22].map((seed) => ({
    name: `jazz, intro-verse-chorus-bridge-outro, seed ${seed}`,
    settings: {
      genre: 'jazz' as const,
      durationSeconds: 16,
      seed,
      instruments: ['saxophone', 'piano', 'bass', 'drums'] as const,
      structure: ['intro', 'verse', 'chorus', 'bridge', 'outro'] as const,
    },
  })),
].map(({ name, settings }) => ({
  name,
  settings: { ...settings, instruments: [...settings.instruments] } as MusicSettingsInput,
}));

const compose = (input: MusicSettingsInput, seed?: number) =>
  composeArrangement(musicSettings.parse(input), seed === undefined ? {} : { seed });

/** The chord sounding at a tick (one chord per bar). */
function chordAt(arrangement: Arrangement, tick: number): number[] {
  const bar = Math.floor(tick / TICKS_PER_BAR);
  const section = arrangement.sections.find(
    (each) => bar >= each.startBar && bar < each.startBar + each.bars,
  );
  if (!section) throw new Error(`no section at bar ${bar}`);
  const degree = section.chords[bar - section.startBar] ?? 0;
  return chordPitchClasses(arrangement.settings.key, degree, arrangement.settings.genre === 'jazz');
}

describe('composing (many seeds, no audio)', () => {
  const seeds = Array.from({ length: 12 }, (_, index) => index + 1);
  const genres = [
    'pop',
    'rock',
    'jazz',
    'classical',
    'electronic',
    'lofi',
    'folk',
    'hip-hop',
  ] as const;

  it('keeps every pitched note in the key, but for a few marked passing notes of the melody', () => {
    let melodyNotes = 0;
    let chromatic = 0;
    for (const seed of seeds) {
      for (const genre of genres) {
        const arrangement = compose({ genre, durationSeconds: 40, seed });
        for (const part of arrangement.parts) {
          if (part.role === 'drums') continue;
          const outside = part.notes.filter(
            (note) => !inScale(arrangement.settings.key, note.pitch),
          );
          if (part.role !== 'melody') {
            expect(outside, `${genre} ${seed} ${part.role}`).toEqual([]);
            continue;
          }
          expect(
            outside.every((note) => note.passing),
            `${genre} ${seed}: unmarked note outside the key`,
          ).toBe(true);
          melodyNotes += part.notes.length;
          chromatic += outside.length;
        }
      }
    }
    // Chromatic passing notes exist (jazz asks for them) but stay rare.
    expect(chromatic).toBeGreaterThan(0);
    expect(chromatic / melodyNotes).toBeLessThan(0.08);
  });

  it('puts chord tones on the strong beats of the melody', () => {
    for (const seed of seeds) {
      const arrangement = compose({ genre: 'pop', durationSeconds: 60, seed });
      const melody = arrangement.parts.find((part) => part.role === 'melody');
      expect(melody?.notes.length).toBeGreaterThan(20);
      for (const note of melody?.notes ?? []) {
        if (note.tick % (TICKS_PER_BAR / 2) !== 0) continue;
        expect(chordAt(arrangement, note.tick)).toContain(note.pitch % 12);
        expect(note.passing).toBe(false);
      }
    }
  });

  it('lasts the asked duration within a bar, with sections that tile the piece', () => {
    for (const durationSeconds of [15, 37, 60, 150, 360]) {
      for (const seed of [1, 2, 3, 4]) {
        const arrangement = compose({ genre: 'rock', durationSeconds, seed });
        const bar = barMs(arrangement.settings.tempo);
        expect(Math.abs(arrangement.durationMs - durationSeconds * 1000)).toBeLessThanOrEqual(bar);
        expect(arrangement.sections[0]?.startMs).toBe(0);
        expect(arrangement.sections.at(-1)?.endMs).toBe(arrangement.durationMs);
        arrangement.sections.forEach((section, index) => {
          const next = arrangement.sections[index + 1];
          if (next) expect(next.startBar).toBe(section.startBar + section.bars);
        });
        expect(arrangementSchema.safeParse(JSON.parse(JSON.stringify(arrangement))).success).toBe(
          true,
        );
      }
    }
  });

  it('follows the structure asked for, ends each chorus and the piece on the tonic, and brings the chorus back', () => {
    const structure = [
      'intro',
      'verse',
      'chorus',
      'verse',
      'chorus',
      'bridge',
      'chorus',
      'outro',
    ] as const;
    const arrangement = compose({
      genre: 'pop',
      durationSeconds: 90,
      seed: 5,
      structure: [...structure],
    });
    expect(arrangement.sections.map((section) => section.name)).toEqual(structure);
    for (const section of arrangement.sections) {
      if (section.name === 'chorus' || section.name === 'outro')
        expect(section.chords.at(-1)).toBe(0);
      if (section.name === 'verse' || section.name === 'bridge')
        expect(section.chords.at(-1)).toBe(4);
    }
    const choruses = arrangement.sections.filter((section) => section.name === 'chorus');
    const verses = arrangement.sections.filter((section) => section.name === 'verse');
    expect(new Set(choruses.map((section) => section.chords.slice(0, 2).join()))).toHaveLength(1);
    expect(choruses[0]?.chords).not.toEqual(verses[0]?.chords);
    // The motif: each chorus's first bar of melody has the same rhythm and shape.
    const melody = arrangement.parts.find((part) => part.role === 'melody');
    const firstBar = (startBar: number) =>
      melody?.notes
        .filter((note) => Math.floor(note.tick / TICKS_PER_BAR) === startBar)
        .map((note) => `${note.tick - startBar * TICKS_PER_BAR}:${note.ticks}`);
    const shapes = choruses.map((section) => firstBar(section.startBar));
    expect(shapes[0]?.length).toBeGreaterThan(0);
    expect(new Set(shapes.map((shape) => shape?.join()))).toHaveLength(1);
  });

  it('writes the same piece for the same seed and another for another seed', () => {
    const first = compose({ genre: 'lofi', durationSeconds: 30, seed: 9 });
    expect(compose({ genre: 'lofi', durationSeconds: 30, seed: 9 })).toEqual(first);
    expect(arrangementToMidi(compose({ genre: 'lofi', durationSeconds: 30, seed: 9 }))).toEqual(
      arrangementToMidi(first),
    );
    const other = compose({ genre: 'lofi', durationSeconds: 30, seed: 10 });
    expect(other.parts).not.toEqual(first.parts);
    // A seed left open is still chosen without Math.random: the same settings give the same piece.
    expect(compose({ genre: 'folk' })).toEqual(compose({ genre: 'folk' }));
    expect(compose({ genre: 'folk' }, 3)).not.toEqual(compose({ genre: 'folk' }, 4));
  });

  it('writes a MIDI file that parses back with its tracks, tempo, key and notes', () => {
    for (const { settings } of cases) {
      const arrangement = compose(settings);
      const midi = new Midi(arrangementToMidi(arrangement));
      expect(midi.header.tempos[0]?.bpm).toBeCloseTo(arrangement.settings.tempo, 3);
      expect(midi.header.timeSignatures[0]?.timeSignature).toEqual([4, 4]);
      const signature = keySignatureOf(arrangement.settings.key);
      expect(midi.header.keySignatures[0]).toMatchObject({
        key: signature.name,
        scale: arrangement.settings.key.mode,
      });
      const tracks = midi.tracks.filter((track) => track.notes.length > 0);
      expect(tracks.map((track) => track.name)).toEqual(arrangement.settings.instruments);
      for (const track of tracks) {
        const expected = arrangement.parts
          .filter((part) => part.instrument === track.name)
          .reduce((sum, part) => sum + part.notes.length, 0);
        expect(track.notes.length, track.name).toBe(expected);
        if (track.name === 'drums') expect(track.channel).toBe(9);
        else expect(track.instrument.number).toBeGreaterThanOrEqual(0);
      }
      expect(tracks.find((track) => track.name === 'bass')?.instrument.number).toBe(33);
    }
  });

  it('extends a piece by the bars asked, keeping its key, tempo, instruments and what was there', () => {
    const source = compose({ genre: 'pop', durationSeconds: 30, seed: 3 });
    const bar = barMs(source.settings.tempo);
    const extended = extendArrangement(source, 20, 99);
    expect(extended.bars - source.bars).toBe(Math.round(20_000 / bar));
    expect(extended.durationMs - source.durationMs).toBeCloseTo(Math.round(20_000 / bar) * bar, -1);
    expect(extended.settings.key).toEqual(source.settings.key);
    expect(extended.settings.tempo).toBe(source.settings.tempo);
    expect(extended.settings.instruments).toEqual(source.settings.instruments);
    expect(extended.sections.slice(0, source.sections.length)).toEqual(source.sections);
    expect(extended.sections.at(-1)?.chords.at(-1)).toBe(0);
    const end = source.bars * TICKS_PER_BAR;
    extended.parts.forEach((part, index) => {
      expect(part.notes.filter((note) => note.tick < end)).toEqual(source.parts[index]?.notes);
      expect(part.notes.some((note) => note.tick >= end)).toBe(true);
    });
    expect(arrangementSchema.safeParse(extended).success).toBe(true);
  });

  it('rewrites one section only', () => {
    const source = compose({ genre: 'pop', durationSeconds: 45, seed: 4 });
    const index = 2;
    const section = source.sections[index];
    if (!section) throw new Error('no section 2');
    const rewritten = rewriteSection(source, index, 123_456);
    const start = section.startBar * TICKS_PER_BAR;
    const end = (section.startBar + section.bars) * TICKS_PER_BAR;
    const inside = (tick: number) => tick >= start && tick < end;
    expect(rewritten.sections.map((each) => each.chords)).toEqual(
      source.sections.map((each) => each.chords),
    );
    expect(rewritten.durationMs).toBe(source.durationMs);
    rewritten.parts.forEach((part, at) => {
      const before = source.parts[at]?.notes ?? [];
      expect(part.notes.filter((note) => !inside(note.tick))).toEqual(
        before.filter((note) => !inside(note.tick)),
      );
    });
    const melody = (arrangement: Arrangement) =>
      arrangement.parts
        .find((part) => part.role === 'melody')
        ?.notes.filter((note) => inside(note.tick));
    expect(melody(rewritten)).not.toEqual(melody(source));
    expect(() => rewriteSection(source, source.sections.length, 1)).toThrow(RangeError);
  });
});

describe('rendering with the sound font', () => {
  let soundFont: SoundFont;
  beforeAll(async () => {
    soundFont = await loadSoundFont(soundFontPath());
  }, 120_000);

  it.each(cases)(
    '$name: lasts the asked time within a bar, peaks between −12 and −1 dBFS',
    async ({ settings }) => {
      const arrangement = compose(settings);
      const audio = await renderArrangement(arrangement, soundFont);
      expect(audio.sampleRate).toBe(SAMPLE_RATE);
      expect(audio.channels).toBe(2);
      const seconds = audio.samples.length / 2 / SAMPLE_RATE;
      const barSeconds = barMs(arrangement.settings.tempo) / 1000;
      expect(Math.abs(seconds - (settings.durationSeconds ?? 0))).toBeLessThanOrEqual(barSeconds);
      const peak = peakDbfs(audio.samples);
      expect(peak).toBeGreaterThanOrEqual(-12);
      expect(peak).toBeLessThanOrEqual(-1);
      expect(audio.samples.some((sample) => Math.abs(sample) >= 32_767)).toBe(false);
      // Music all the way through, not a click and silence: every second has sound.
      for (let second = 0; second < Math.floor(arrangement.durationMs / 1000); second += 1) {
        const slice = audio.samples.subarray(
          second * SAMPLE_RATE * 2,
          (second + 1) * SAMPLE_RATE * 2,
        );
        expect(peakDbfs(slice), `second ${second}`).toBeGreaterThan(-40);
      }
    },
  );

  it('gives the same audio for the same seed, and stems that add up to the mix', async () => {
    const [first] = cases;
    if (!first) throw new Error('no case');
    const arrangement = compose(first.settings);
    const mix = await renderArrangement(arrangement, soundFont);
    const again = await renderArrangement(compose(first.settings), soundFont);
    expect(Buffer.from(again.samples.buffer).equals(Buffer.from(mix.samples.buffer))).toBe(true);

    const sum = new Float64Array(mix.samples.length);
    for (const instrument of arrangement.settings.instruments) {
      const stem = await renderArrangement(arrangement, soundFont, {
        only: instrument,
        gain: mix.gain,
      });
      expect(stem.samples.length).toBe(mix.samples.length);
      expect(peakDbfs(stem.samples), instrument).toBeGreaterThan(-40);
      stem.samples.forEach((sample, index) => {
        sum[index] = (sum[index] ?? 0) + sample;
      });
    }
    let difference = 0;
    let level = 0;
    mix.samples.forEach((sample, index) => {
      difference += (sample - (sum[index] ?? 0)) ** 2;
      level += sample ** 2;
    });
    const ratio = Math.sqrt(difference / level);
    expect(ratio).toBeLessThan(0.05);
  });
});
