import { z } from 'zod';
import { modelPlan } from './chat.ts';
import { jobViewOf } from './jobs.ts';
import {
  MUSIC_DURATION_MAX_SECONDS,
  MUSIC_DURATION_MIN_SECONDS,
  MUSIC_EXTEND_MAX_SECONDS,
  MUSIC_EXTEND_MIN_SECONDS,
  MUSIC_INSTRUMENTS_MAX,
  MUSIC_LYRICS_MAX_LENGTH,
  MUSIC_PROMPT_MAX_LENGTH,
  MUSIC_SEED_MAX,
  MUSIC_STRUCTURE_MAX,
  MUSIC_TEMPO_MAX,
  MUSIC_TEMPO_MIN,
  musicCapabilities,
  musicGenres,
  musicInstruments,
  musicModes,
  musicMoods,
  musicOperations,
  musicProviders,
  musicQualities,
  musicSections,
  musicTonics,
} from './musicOptions.ts';

export * from './musicOptions.ts';

/**
 * The music creator (/music-creator): a piece from words and/or settings, made as a job (stages,
 * progress, cancellable). The offline composer writes a real arrangement as MIDI and renders it
 * with a General MIDI sound font (MP3, WAV, MIDI and one stem per instrument); a provider's AI
 * model (when configured) makes audio. Signed-in users' pieces are kept on the server; a visitor's
 * only in their browser (their job's files are read once with their visitor key), as the image
 * and voice tools do.
 */

export const musicGenre = z.enum(musicGenres);
export const musicMood = z.enum(musicMoods);
export const musicInstrument = z.enum(musicInstruments);
export const musicSection = z.enum(musicSections);
export const musicOperation = z.enum(musicOperations);
export const musicProvider = z.enum(musicProviders);
export const musicCapability = z.enum(musicCapabilities);

export const musicKey = z.object({ tonic: z.enum(musicTonics), mode: z.enum(musicModes) });
export type MusicKey = z.infer<typeof musicKey>;

export const musicTexts = {
  promptOrSettings: 'Describe the piece, or choose at least its genre.',
  sectionOutOfRange: 'That piece has no such section.',
  operationNeedsParent: 'Extending, rewriting a section or varying needs the piece it starts from.',
  modelCannot: 'This music model cannot do that. Choose another model.',
  tooLong: 'That is longer than your plan allows for one piece.',
  describeEmpty: 'Describe the piece in a few words first.',
} as const;

/**
 * What a piece is asked to be. Everything but the genre may be left to the composer (null): it
 * then chooses from the genre, the mood and the seed, and the piece says what it chose.
 */
export const musicSettings = z.object({
  /** The piece in words (style, feeling, scene); a cloud model's prompt. */
  prompt: z.string().trim().max(MUSIC_PROMPT_MAX_LENGTH).default(''),
  /** Words to sing, for models with `lyrics`; null: none. */
  lyrics: z.string().trim().max(MUSIC_LYRICS_MAX_LENGTH).nullable().default(null),
  /** No voice even on a model that sings. */
  instrumental: z.boolean().default(true),
  genre: musicGenre.default('pop'),
  mood: musicMood.nullable().default(null),
  /** Beats per minute. */
  tempo: z.number().int().min(MUSIC_TEMPO_MIN).max(MUSIC_TEMPO_MAX).nullable().default(null),
  key: musicKey.nullable().default(null),
  durationSeconds: z
    .number()
    .int()
    .min(MUSIC_DURATION_MIN_SECONDS)
    .max(MUSIC_DURATION_MAX_SECONDS)
    .default(60),
  /** Empty: the genre's own band. */
  instruments: z.array(musicInstrument).max(MUSIC_INSTRUMENTS_MAX).default([]),
  /** In order; empty: the composer's own structure for the length. */
  structure: z.array(musicSection).max(MUSIC_STRUCTURE_MAX).default([]),
  /** Same seed and settings, same piece (models with `seed`); null: a new one each time. */
  seed: z.number().int().min(0).max(MUSIC_SEED_MAX).nullable().default(null),
});
export type MusicSettings = z.infer<typeof musicSettings>;
export type MusicSettingsInput = z.input<typeof musicSettings>;

/**
 * The settings a piece was made with, every choice made (what the composer chose for what was left
 * open): reusing them, or composing with the same seed, gives the same piece.
 */
export const resolvedMusicSettings = musicSettings.extend({
  mood: musicMood,
  tempo: z.number().int().min(MUSIC_TEMPO_MIN).max(MUSIC_TEMPO_MAX),
  key: musicKey,
  instruments: z
    .array(musicInstrument)
    .min(1)
    .max(MUSIC_INSTRUMENTS_MAX + 1),
  structure: z
    .array(musicSection)
    .min(1)
    .max(MUSIC_STRUCTURE_MAX * 2),
  seed: z.number().int().min(0).max(MUSIC_SEED_MAX),
});
export type ResolvedMusicSettings = z.infer<typeof resolvedMusicSettings>;

/**
 * POST /api/music/pieces: compose (a job). `from`: the piece this one starts from (its family):
 * `extend` adds `seconds` after its end keeping its key, tempo and instruments; `section` writes
 * its section `sectionIndex` again (another seed for that section only); `vary` is the same
 * settings with another seed. Only models with the matching capability take `extend`/`section`.
 */
export const musicComposeRequest = z.object({
  /** A model id from GET /api/music/models; null: the default (the offline composer). */
  model: z.string().max(100).nullable().default(null),
  settings: musicSettings,
  from: z
    .object({
      pieceId: z.string().min(1).max(100),
      operation: musicOperation,
      seconds: z
        .number()
        .int()
        .min(MUSIC_EXTEND_MIN_SECONDS)
        .max(MUSIC_EXTEND_MAX_SECONDS)
        .optional(),
      sectionIndex: z
        .number()
        .int()
        .min(0)
        .max(MUSIC_STRUCTURE_MAX * 4)
        .optional(),
    })
    .nullable()
    .default(null),
});
export type MusicComposeRequest = z.infer<typeof musicComposeRequest>;
export type MusicComposeInput = z.input<typeof musicComposeRequest>;

/** One music model, as GET /api/music/models lists it: what makes it and what it can do. */
export const musicModel = z.object({
  /** `<provider>:<its own name>` (`composer:arranger`, `elevenlabs:music_v1`, `fal:musicgen`). */
  id: z.string(),
  name: z.string(),
  provider: musicProvider,
  quality: z.enum(musicQualities),
  capabilities: z.array(musicCapability),
  /** The longest piece it makes in one go, in seconds (MusicGen about 30, Stable Audio about 47). */
  maxDurationSeconds: z.number().int().min(1),
  /** The plan that may use it. */
  plan: modelPlan,
  /** False when the caller's plan is below it (shown locked, with an upgrade hint). */
  allowed: z.boolean(),
  /** The app's own sandbox stand-in (a loopback server speaking a provider's protocol). */
  sandbox: z.boolean(),
});
export type MusicModel = z.infer<typeof musicModel>;

/** What a caller's plan allows (seconds of music), with what is left today. */
export const musicLimits = z.object({
  maxSecondsPerPiece: z.number().int().min(0),
  dailySeconds: z.number().int().min(0),
  remainingToday: z.number().int().min(0),
});
export type MusicLimits = z.infer<typeof musicLimits>;

/** GET /api/music/models */
export const musicCatalogueResponse = z.object({
  models: z.array(musicModel),
  defaultModel: z.string(),
  limits: musicLimits,
});
export type MusicCatalogueResponse = z.infer<typeof musicCatalogueResponse>;

/** A section of a made piece, where it plays (the page marks them on the waveform). */
export const musicPieceSection = z.object({
  name: musicSection,
  startMs: z.number().int().min(0),
  endMs: z.number().int().min(0),
});
export type MusicPieceSection = z.infer<typeof musicPieceSection>;

/** One instrument alone (a stem), to play or download. */
export const musicStem = z.object({
  instrument: musicInstrument,
  /** WAV, to its owner only. */
  url: z.string(),
  bytes: z.number().int().min(0),
});
export type MusicStem = z.infer<typeof musicStem>;

/** A made piece: its settings (to reuse or make again), its family and its files. */
export const musicPiece = z.object({
  /** A signed-in user's piece id; for a visitor, the job's id (their browser keeps the files). */
  id: z.string(),
  /** The piece it came from, and how; null for a first piece. */
  parentId: z.string().nullable(),
  operation: musicOperation.nullable(),
  /** A short name for lists: the prompt's start, or the genre and mood. */
  title: z.string(),
  settings: resolvedMusicSettings,
  model: z.string(),
  /** The model's name and provider when it was made (it may be gone since). */
  modelName: z.string(),
  provider: musicProvider,
  quality: z.enum(musicQualities),
  durationMs: z.number().int().min(0),
  sections: z.array(musicPieceSection),
  /** MP3, always (the player's and the download's); Range requests answered. */
  audioUrl: z.string(),
  /** Lossless, when kept. */
  wavUrl: z.string().nullable(),
  midiUrl: z.string().nullable(),
  /** Every instrument alone (the composer's pieces); empty otherwise. */
  stems: z.array(musicStem),
  /** All stems in one zip; null without stems. */
  stemsZipUrl: z.string().nullable(),
  bytes: z.number().int().min(0),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type MusicPiece = z.infer<typeof musicPiece>;

/**
 * A provider's refusal (ElevenLabs refuses prompts naming artists or copyrighted works) with the
 * prompt it suggests instead, when it gives one: the page offers it.
 */
export const musicRefusal = z.object({ suggestedPrompt: z.string().nullable() });
export type MusicRefusal = z.infer<typeof musicRefusal>;

/** A `music.compose` job's result: the piece it made. */
export const musicComposeResult = z.object({ piece: musicPiece });
export type MusicComposeResult = z.infer<typeof musicComposeResult>;
/** A failed one may carry a provider's refusal and the prompt it suggests (its `detail`). */
export const musicComposeJob = jobViewOf(musicComposeResult, musicRefusal);
export type MusicComposeJob = z.infer<typeof musicComposeJob>;

/**
 * POST /api/music/describe: the words turned into the composer's settings by the chat's model
 * (the local model, the sandbox or a configured provider), checked against musicSettings; shown to
 * the user before composing, and editable. `source: rules` when no model could (keywords read).
 */
export const musicDescribeRequest = z.object({
  text: z.string().trim().min(1, musicTexts.describeEmpty).max(MUSIC_PROMPT_MAX_LENGTH),
});
export const musicDescribeResponse = z.object({
  settings: musicSettings,
  source: z.enum(['model', 'rules']),
});
export type MusicDescribeResponse = z.infer<typeof musicDescribeResponse>;

/** GET /api/music/pieces: a signed-in user's pieces, newest first. */
export const musicPiecesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const musicPiecesPage = z.object({
  pieces: z.array(musicPiece),
  nextCursor: z.string().nullable(),
});
export type MusicPiecesPage = z.infer<typeof musicPiecesPage>;

/** GET /api/music/pieces/{id}/family: the piece's whole tree, parents before children. */
export const musicFamilyResponse = z.object({ pieces: z.array(musicPiece) });
export type MusicFamilyResponse = z.infer<typeof musicFamilyResponse>;
