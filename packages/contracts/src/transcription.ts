import { z } from 'zod';
import { voiceLanguages } from './voiceOptions.ts';

/**
 * Dictation: speech to text (POST /api/voice/transcriptions), for the chat's composer, the voice
 * page and conversation mode. The browser records 16 kHz mono WAV (it checks nothing leaves the
 * page unless it is being transcribed); the API checks the file's type, size and length before
 * any engine hears it.
 */

/**
 * The recording's own limit: 16 kHz 16-bit mono is 32 KB a second, so 10 MB holds the longest
 * recording any plan allows (300 s, 9.6 MB) at the rate the browser records.
 */
export const TRANSCRIPTION_MAX_BYTES = 10 * 1024 * 1024;

/** The recordings the API takes: 16-bit PCM WAV, one channel, at a rate between these. */
export const TRANSCRIPTION_MIN_SAMPLE_RATE = 8000;
export const TRANSCRIPTION_MAX_SAMPLE_RATE = 48000;

export const transcriptionTexts = {
  notAudio: 'The recording is not a WAV file. Record again.',
  /** A WAV, but not one channel of 16-bit PCM at 8 to 48 kHz (stereo, 8-bit, float…). */
  unsupported: 'The recording must be 16-bit mono WAV at 8 to 48 kHz. Record again.',
  silent: "We didn't hear any speech. Speak a little closer to the microphone and try again.",
  unreadable: 'The recording could not be read. Record again.',
  unavailable: 'Dictation is not available on this server right now.',
  tooLarge: `The recording is larger than ${TRANSCRIPTION_MAX_BYTES / 1024 / 1024} MB. Record a shorter one.`,
  busy: 'Dictation is busy right now. Try again in a moment.',
} as const;

/** 413 for a recording longer than the caller's plan allows, with the limit in words. */
export const transcriptionTooLongText = (maxSeconds: number) =>
  `Recordings can be at most ${maxSeconds} seconds long on your plan. Record a shorter one.`;

/** The language to hear: en, vi, or `auto` (the recogniser decides). */
export const transcriptionLanguage = z.enum([...voiceLanguages, 'auto']);
export type TranscriptionLanguage = z.infer<typeof transcriptionLanguage>;

/** POST /api/voice/transcriptions: multipart, `audio` (the WAV) and `language`. */
export const transcriptionFields = z.object({ language: transcriptionLanguage.default('auto') });

export const transcriptionResponse = z.object({
  text: z.string(),
  language: z.enum(voiceLanguages),
  durationMs: z.number().int().min(0),
  /** What heard it, as shown (`Whisper (offline)`, a provider's model, `Sandbox`). */
  engine: z.string(),
});
export type TranscriptionResponse = z.infer<typeof transcriptionResponse>;

/**
 * GET /api/voice/dictation: whether dictation works here and how much the caller has left. With
 * no engine it is unavailable (the page says so, and may offer the browser's own recogniser).
 */
export const dictationStatus = z.object({
  available: z.boolean(),
  engine: z.string().nullable(),
  /** Heard on this server, nothing sent to a provider. */
  offline: z.boolean(),
  /** The app's own stand-in: it answers a fixed phrase for speech it did not make itself. */
  sandbox: z.boolean(),
  limits: z.object({
    /** The longest recording, in seconds. */
    maxSeconds: z.number().int().min(1),
    dailySeconds: z.number().int().min(0),
    remainingSeconds: z.number().int().min(0),
  }),
});
export type DictationStatus = z.infer<typeof dictationStatus>;
