import { musicSettings, type MusicModel } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  addSection,
  chosenModel,
  composeRequest,
  formatDuration,
  formFromSettings,
  initialMusicForm,
  maxDurationFor,
  moveSection,
  parseDuration,
  randomSeed,
  removeSection,
  settingsFromForm,
  toggleInstrument,
  validateMusicForm,
} from './musicForm';

const model = (overrides: Partial<MusicModel> = {}): MusicModel => ({
  id: 'composer:arranger',
  name: 'Arranger',
  provider: 'composer',
  quality: 'offline-composer',
  capabilities: ['settings', 'seed', 'extend', 'section'],
  maxDurationSeconds: 360,
  plan: 'free',
  allowed: true,
  sandbox: false,
  ...overrides,
});
const singer = model({ id: 'elevenlabs:music_v1', capabilities: ['lyrics', 'instrumental'] });
const limits = { maxSecondsPerPiece: 120, dailySeconds: 600, remainingToday: 600 };

describe('durations', () => {
  it('writes minutes:seconds and reads it back, or plain seconds', () => {
    expect(formatDuration(15)).toBe('0:15');
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(360)).toBe('6:00');
    expect(parseDuration('1:30')).toBe(90);
    expect(parseDuration(' 0:45 ')).toBe(45);
    expect(parseDuration('75')).toBe(75);
  });

  it('refuses what is not a length', () => {
    expect(parseDuration('1:75')).toBeNull();
    expect(parseDuration('1:5')).toBeNull();
    expect(parseDuration('-20')).toBeNull();
    expect(parseDuration('abc')).toBeNull();
    expect(parseDuration('')).toBeNull();
  });

  it('keeps a piece within the model, the plan and the shortest length', () => {
    expect(maxDurationFor(model(), limits)).toBe(120);
    expect(maxDurationFor(model({ maxDurationSeconds: 30 }), limits)).toBe(30);
    const problems = (duration: string, picked = model()) =>
      validateMusicForm({ ...initialMusicForm, duration }, picked, limits).duration?.key;
    expect(problems('0:10')).toBe('durationTooShort');
    expect(problems('2:01')).toBe('durationTooLong');
    expect(problems('0:31', model({ maxDurationSeconds: 30 }))).toBe('durationTooLong');
    expect(problems('1:x')).toBe('durationFormat');
    expect(problems('2:00')).toBeUndefined();
  });
});

describe('settings and the form', () => {
  it('round-trips described settings through the form', () => {
    const settings = musicSettings.parse({
      prompt: 'Rainy night',
      genre: 'lofi',
      mood: 'calm',
      tempo: 78,
      key: { tonic: 'F', mode: 'minor' },
      durationSeconds: 95,
      instruments: ['piano', 'bass'],
      structure: ['intro', 'verse', 'outro'],
      seed: 7,
    });
    const form = formFromSettings(settings, 'composer:arranger');
    expect(form.duration).toBe('1:35');
    expect(form.tempo).toBe('78');
    expect(form.tonic).toBe('F');
    expect(settingsFromForm(form, model())).toEqual(settings);
  });

  it('leaves empty choices to the composer (null)', () => {
    const settings = settingsFromForm(initialMusicForm, model());
    expect(settings).toMatchObject({ mood: null, tempo: null, key: null, seed: null });
    expect(musicSettings.safeParse(settings).success).toBe(true);
  });

  it('sends lyrics only to a model that sings, and only when not instrumental', () => {
    const form = { ...initialMusicForm, lyrics: 'La la la', instrumental: false };
    expect(settingsFromForm(form, singer).lyrics).toBe('La la la');
    expect(settingsFromForm(form, model()).lyrics).toBeNull();
    expect(settingsFromForm({ ...form, instrumental: true }, singer).lyrics).toBeNull();
  });

  it('asks with the chosen model, or the default when the pick is gone', () => {
    const catalogue = { models: [model(), singer], defaultModel: 'composer:arranger' };
    expect(chosenModel(catalogue, 'elevenlabs:music_v1')?.id).toBe('elevenlabs:music_v1');
    expect(chosenModel(catalogue, 'gone:model')?.id).toBe('composer:arranger');
    expect(composeRequest(initialMusicForm, singer)).toMatchObject({
      model: 'elevenlabs:music_v1',
      from: null,
    });
  });

  it('checks tempo, seed and the model', () => {
    const check = (change: object, picked: MusicModel | null = model()) =>
      validateMusicForm({ ...initialMusicForm, ...change }, picked, limits);
    expect(check({ tempo: '49' }).tempo?.key).toBe('tempoRange');
    expect(check({ tempo: '120.5' }).tempo?.key).toBe('tempoRange');
    expect(check({ tempo: '120' }).tempo).toBeUndefined();
    expect(check({ seed: '-1' }).seed?.key).toBe('seedRange');
    expect(check({ seed: '3000000000' }).seed?.key).toBe('seedRange');
    expect(check({}, model({ allowed: false })).model?.key).toBe('modelLocked');
    expect(check({}, null).model?.key).toBe('noModel');
    expect(check({})).toEqual({});
  });

  it('makes seeds the API takes', () => {
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.999999999999)).toBeLessThanOrEqual(2_147_483_647);
  });
});

describe('lists', () => {
  it('adds instruments up to six and removes them', () => {
    let instruments = toggleInstrument([], 'piano');
    expect(instruments).toEqual(['piano']);
    instruments = toggleInstrument(instruments, 'piano');
    expect(instruments).toEqual([]);
    const six = ['piano', 'bass', 'drums', 'strings', 'flute', 'organ'] as const;
    expect(toggleInstrument(six, 'choir')).toEqual(six);
  });

  it('edits the structure: add at the end, remove, move within bounds', () => {
    const structure = addSection(['intro', 'verse'], 'chorus');
    expect(structure).toEqual(['intro', 'verse', 'chorus']);
    expect(moveSection(structure, 2, -1)).toEqual(['intro', 'chorus', 'verse']);
    expect(moveSection(structure, 0, 1)).toEqual(['verse', 'intro', 'chorus']);
    expect(moveSection(structure, 0, -1)).toEqual(structure);
    expect(moveSection(structure, 2, 1)).toEqual(structure);
    expect(removeSection(structure, 1)).toEqual(['intro', 'chorus']);
    const full = new Array(16).fill('verse');
    expect(addSection(full, 'outro')).toHaveLength(16);
  });
});
