import { z } from 'zod';
import { voice } from './chat.ts';
import { jobViewOf } from './jobs.ts';
import {
  VOICE_INSTRUCTIONS_MAX_LENGTH,
  VOICE_PITCH_MAX,
  VOICE_PITCH_MIN,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  VOICE_TEXT_MAX_LENGTH,
  voiceFormats,
  voiceLanguages,
} from './voiceOptions.ts';

export * from './voiceOptions.ts';
export * from './sentences.ts';

/**
 * The voice synthesis tool (/voice-synthesis): text to speech as a job, split at sentences so the
 * first part plays before the last is spoken, joined into one clip. Signed-in users' clips are kept
 * on the server; a visitor's only in their browser (their job's clip is read once with their
 * visitor key and kept there), as the image tools do.
 */

export const voiceLanguage = z.enum(voiceLanguages);
export const voiceFormat = z.enum(voiceFormats);

export const voiceTexts = {
  textRequired: 'Type the text to speak.',
  nothingToSay: 'There is nothing to say in this text: it has no words.',
} as const;

/** POST /api/voice/syntheses */
export const voiceSynthesisRequest = z.object({
  text: z.string().trim().min(1, voiceTexts.textRequired).max(VOICE_TEXT_MAX_LENGTH),
  /** null: detected from the text (Vietnamese letters mean vi). */
  language: voiceLanguage.nullable().default(null),
  /** A voice id from GET /api/voice/voices; null: the language's default. */
  voice: z.string().max(100).nullable().default(null),
  speed: z.number().min(VOICE_SPEED_MIN).max(VOICE_SPEED_MAX).default(1),
  pitch: z.number().min(VOICE_PITCH_MIN).max(VOICE_PITCH_MAX).default(1),
  format: voiceFormat.default('mp3'),
  /** How to speak (tone, accent), for voices with the `instructions` capability. */
  instructions: z.string().trim().max(VOICE_INSTRUCTIONS_MAX_LENGTH).nullable().default(null),
});
export type VoiceSynthesisRequest = z.infer<typeof voiceSynthesisRequest>;
export type VoiceSynthesisInput = z.input<typeof voiceSynthesisRequest>;

/** What a caller's plan allows (characters), with what is left today. */
export const voiceLimits = z.object({
  maxCharactersPerRequest: z.number().int().min(0),
  dailyCharacters: z.number().int().min(0),
  /** Characters still to be had today. */
  remainingToday: z.number().int().min(0),
});
export type VoiceLimits = z.infer<typeof voiceLimits>;

/** GET /api/voice/voices: every voice of every configured engine, defaults and the caller's limits. */
export const voiceCatalogueResponse = z.object({
  voices: z.array(voice),
  /** The default voice id per language. */
  defaultVoice: z.record(z.string(), z.string()),
  limits: voiceLimits,
});
export type VoiceCatalogueResponse = z.infer<typeof voiceCatalogueResponse>;

/** A clip: the settings it was made with (to replay or make again) and its audio. */
export const voiceClip = z.object({
  /** A signed-in user's clip id; for a visitor, the job's id (their browser keeps the clip). */
  id: z.string(),
  text: z.string(),
  language: voiceLanguage,
  voice: z.string(),
  /** The voice's name and engine when it was made (the voice may be gone since). */
  voiceName: z.string(),
  engine: z.string(),
  speed: z.number(),
  pitch: z.number(),
  format: voiceFormat,
  instructions: z.string().nullable(),
  characters: z.number().int().min(0),
  durationMs: z.number().int().min(0),
  bytes: z.number().int().min(0),
  mimeType: z.string(),
  /** Where its audio is served (to its owner only; Range requests answered). */
  audioUrl: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type VoiceClip = z.infer<typeof voiceClip>;

/** A `voice.synthesize` job's result: the clip it made. */
export const voiceSynthesisResult = z.object({ clip: voiceClip });
export type VoiceSynthesisResult = z.infer<typeof voiceSynthesisResult>;
export const voiceSynthesisJob = jobViewOf(voiceSynthesisResult);
export type VoiceSynthesisJob = z.infer<typeof voiceSynthesisJob>;

/**
 * GET /api/voice/jobs/{jobId}/parts/{index}: part `index` (0-based) as WAV, once spoken, so the
 * page plays the first parts while the rest are being spoken; the job's progress says how many
 * are ready (`steps.done`) of how many (`steps.total`). The first part is the first sentence
 * alone (heard soonest); the next ones hold whole sentences, each part at most twice as long as
 * the one before. 404 before it is ready and for anyone but the job's owner.
 */
export const voicePartParams = z.object({
  jobId: z.string().max(100),
  index: z.coerce.number().int().min(0).max(10_000),
});

/** GET /api/voice/clips: a signed-in user's clips, newest first. */
export const voiceClipsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const voiceClipsPage = z.object({
  clips: z.array(voiceClip),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type VoiceClipsPage = z.infer<typeof voiceClipsPage>;
