import {
  MUSIC_DURATION_MAX_SECONDS,
  MUSIC_DURATION_MIN_SECONDS,
  MUSIC_INSTRUMENTS_MAX,
  MUSIC_LYRICS_MAX_LENGTH,
  MUSIC_PROMPT_MAX_LENGTH,
  MUSIC_SEED_MAX,
  MUSIC_STRUCTURE_MAX,
  MUSIC_TEMPO_MAX,
  MUSIC_TEMPO_MIN,
  type MusicCapability,
  type MusicComposeInput,
  type MusicGenre,
  type MusicInstrument,
  type MusicLimits,
  type MusicMode,
  type MusicModel,
  type MusicMood,
  type MusicSection,
  type MusicSettings,
  type MusicSettingsInput,
  type MusicTonic,
} from '@studio/contracts';

/**
 * What the music form holds, as typed and picked; what is sent is worked out from it
 * (settingsFromForm). Empty strings are the composer's own choice (null in the settings).
 */
export interface MusicFormState {
  prompt: string;
  genre: MusicGenre;
  mood: MusicMood | '';
  /** Beats per minute as typed; '' lets the composer choose. */
  tempo: string;
  tonic: MusicTonic | '';
  mode: MusicMode;
  /** The length as typed, minutes:seconds ("1:30"). */
  duration: string;
  instruments: MusicInstrument[];
  structure: MusicSection[];
  lyrics: string;
  instrumental: boolean;
  /** As typed; '' makes a new piece each time. */
  seed: string;
  /** A model id; null: the catalogue's default. */
  model: string | null;
}

export const initialMusicForm: MusicFormState = {
  prompt: '',
  genre: 'pop',
  mood: '',
  tempo: '',
  tonic: '',
  mode: 'major',
  duration: '1:00',
  instruments: [],
  structure: [],
  lyrics: '',
  instrumental: true,
  seed: '',
  model: null,
};

// ---- Durations ----

/** Seconds as minutes:seconds ("1:05"). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A typed length in seconds: "1:30", "0:45", or plain seconds ("90"). Null for anything else
 * (seconds past 59 after a colon, letters, negatives).
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(trimmed);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  if (/^\d{1,4}$/.test(trimmed)) return Number(trimmed);
  return null;
}

// ---- Models ----

export const modelCan = (model: MusicModel | null, capability: MusicCapability) =>
  model?.capabilities.includes(capability) ?? false;

/** The model that will compose: the one picked if it is listed, else the catalogue's default. */
export function chosenModel(
  catalogue: { models: readonly MusicModel[]; defaultModel: string },
  picked: string | null,
): MusicModel | null {
  const byId = (id: string | null) => catalogue.models.find((model) => model.id === id) ?? null;
  return byId(picked) ?? byId(catalogue.defaultModel) ?? catalogue.models[0] ?? null;
}

/** The longest piece this model makes for this plan, in seconds. */
export function maxDurationFor(model: MusicModel | null, limits: MusicLimits): number {
  return Math.min(
    MUSIC_DURATION_MAX_SECONDS,
    limits.maxSecondsPerPiece,
    model?.maxDurationSeconds ?? MUSIC_DURATION_MAX_SECONDS,
  );
}

// ---- Lists: instruments and structure ----

/** Adds or removes an instrument; adding past the maximum changes nothing. */
export function toggleInstrument(
  instruments: readonly MusicInstrument[],
  instrument: MusicInstrument,
): MusicInstrument[] {
  if (instruments.includes(instrument)) return instruments.filter((one) => one !== instrument);
  if (instruments.length >= MUSIC_INSTRUMENTS_MAX) return [...instruments];
  return [...instruments, instrument];
}

/** A section added at the end (past the maximum, nothing changes). */
export function addSection(structure: readonly MusicSection[], section: MusicSection) {
  return structure.length >= MUSIC_STRUCTURE_MAX ? [...structure] : [...structure, section];
}

export function removeSection(structure: readonly MusicSection[], index: number): MusicSection[] {
  return structure.filter((_, at) => at !== index);
}

/** Moves a section up (-1) or down (+1); at an end, nothing changes. */
export function moveSection(
  structure: readonly MusicSection[],
  index: number,
  by: -1 | 1,
): MusicSection[] {
  const target = index + by;
  const moved = [...structure];
  const [section] = moved.splice(index, 1);
  if (section === undefined || target < 0 || target > structure.length - 1) return [...structure];
  moved.splice(target, 0, section);
  return moved;
}

// ---- Settings ↔ form ----

/** Settings (described, or a piece's) as the form shows them; the model kept as it was. */
export function formFromSettings(
  settings: MusicSettingsInput | MusicSettings,
  model: string | null,
): MusicFormState {
  return {
    prompt: settings.prompt ?? '',
    genre: settings.genre ?? 'pop',
    mood: settings.mood ?? '',
    tempo: settings.tempo == null ? '' : String(settings.tempo),
    tonic: settings.key?.tonic ?? '',
    mode: settings.key?.mode ?? 'major',
    duration: formatDuration(settings.durationSeconds ?? 60),
    instruments: [...(settings.instruments ?? [])].slice(0, MUSIC_INSTRUMENTS_MAX),
    structure: [...(settings.structure ?? [])].slice(0, MUSIC_STRUCTURE_MAX),
    lyrics: settings.lyrics ?? '',
    instrumental: settings.instrumental ?? true,
    seed: settings.seed == null ? '' : String(settings.seed),
    model,
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * What the form asks for, as the API takes it (checked first with validateMusicForm). Lyrics go
 * only to a model that sings them, and only when the piece is not instrumental.
 */
export function settingsFromForm(form: MusicFormState, model: MusicModel | null): MusicSettings {
  const sings = modelCan(model, 'lyrics') && !form.instrumental;
  const lyrics = form.lyrics.trim();
  return {
    prompt: form.prompt.trim(),
    lyrics: sings && lyrics ? lyrics : null,
    instrumental: form.instrumental,
    genre: form.genre,
    mood: form.mood === '' ? null : form.mood,
    tempo: form.tempo.trim() === '' ? null : wholeNumber(form.tempo),
    key: form.tonic === '' ? null : { tonic: form.tonic, mode: form.mode },
    durationSeconds: parseDuration(form.duration) ?? 60,
    instruments: [...form.instruments],
    structure: [...form.structure],
    seed: form.seed.trim() === '' ? null : wholeNumber(form.seed),
  };
}

export function composeRequest(form: MusicFormState, model: MusicModel | null): MusicComposeInput {
  return { model: model?.id ?? null, settings: settingsFromForm(form, model), from: null };
}

// ---- Checks ----

/** A problem with one field: its key under `form.errors` in music.json, and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}

export type MusicFormField = 'prompt' | 'duration' | 'tempo' | 'seed' | 'lyrics' | 'model';
export type MusicFormProblems = Partial<Record<MusicFormField, FieldProblem>>;

/** What stops the form from being sent, field by field (nothing: an empty object). */
export function validateMusicForm(
  form: MusicFormState,
  model: MusicModel | null,
  limits: MusicLimits,
): MusicFormProblems {
  const problems: MusicFormProblems = {};
  if (form.prompt.trim().length > MUSIC_PROMPT_MAX_LENGTH) {
    problems.prompt = { key: 'promptTooLong', values: { max: MUSIC_PROMPT_MAX_LENGTH } };
  }
  const seconds = parseDuration(form.duration);
  const longest = maxDurationFor(model, limits);
  if (seconds === null) problems.duration = { key: 'durationFormat' };
  else if (seconds < MUSIC_DURATION_MIN_SECONDS) {
    problems.duration = {
      key: 'durationTooShort',
      values: { min: formatDuration(MUSIC_DURATION_MIN_SECONDS) },
    };
  } else if (seconds > longest) {
    problems.duration = { key: 'durationTooLong', values: { max: formatDuration(longest) } };
  }
  if (form.tempo.trim() !== '') {
    const tempo = wholeNumber(form.tempo);
    if (tempo === null || tempo < MUSIC_TEMPO_MIN || tempo > MUSIC_TEMPO_MAX) {
      problems.tempo = {
        key: 'tempoRange',
        values: { min: MUSIC_TEMPO_MIN, max: MUSIC_TEMPO_MAX },
      };
    }
  }
  if (form.seed.trim() !== '') {
    const seed = wholeNumber(form.seed);
    if (seed === null || seed > MUSIC_SEED_MAX) {
      problems.seed = { key: 'seedRange', values: { max: MUSIC_SEED_MAX } };
    }
  }
  if (form.lyrics.trim().length > MUSIC_LYRICS_MAX_LENGTH) {
    problems.lyrics = { key: 'lyricsTooLong', values: { max: MUSIC_LYRICS_MAX_LENGTH } };
  }
  if (!model) problems.model = { key: 'noModel' };
  else if (!model.allowed) problems.model = { key: 'modelLocked' };
  return problems;
}

/** A seed for the dice button and for Vary: any the API takes. */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * (MUSIC_SEED_MAX + 1));
}
