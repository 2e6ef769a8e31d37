import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  speakableText,
  splitSentences,
  VOICE_TEXT_MAX_LENGTH,
  type VoiceClip,
  voiceFormatMimeTypes,
  voiceLanguage,
  voiceSynthesisRequest,
  voiceSynthesisResult,
  voiceTexts as requestTexts,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition, JobSteps } from '../../jobs/job-queue.ts';
import { abortReasonOf, FinalJobError, failsWithoutRetry } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import {
  detectLanguage,
  logProviderFailure,
  type PcmAudio,
  parseWav,
  SpeechError,
  WavFormatError,
} from '../providers/index.ts';
import type { SpeechService } from '../speech/speech-service.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import { durationMsOf, encodeClip, joinParts } from './voice-audio.ts';
import { voiceJobTexts } from './voice-texts.ts';
import { jobAudioUrl, toVoiceClip } from './voice-views.ts';
import type { VoiceRepository } from './voice.repository.ts';

export const voiceJobKind = 'voice.synthesize';

/** Where a signed-in user's clips go in the object store: `users/<id>/voice/…`. */
export const voicePurpose = 'voice';
/** A visitor's clip: `system/visitor-voice/…`, kept VOICE_KEEP_HOURS (their browser keeps its copy). */
export const visitorVoicePurpose = 'visitor-voice';
/** Each job's spoken sentences (WAV), kept VOICE_KEEP_HOURS for the page to play as they come. */
export const voicePartsPurpose = 'voice-parts';

/** The longest part one engine call is given: a sentence, or a piece of a very long one. */
export const defaultPartLength = 400;

const ownerPattern = /^(user:[A-Za-z0-9_-]{1,64}|visitor:[A-Za-z0-9_-]{43})$/;

export const voiceJobPayload = z.object({
  /** `user:<id>`, or `visitor:<sha-256 of their key>`. */
  owner: z.string().regex(ownerPattern),
  /** The request as checked, its language decided (asked, the voice's, or the text's). */
  request: voiceSynthesisRequest.extend({ language: voiceLanguage }),
  /** The voice, chosen when the job was started, so every part is spoken by the same one. */
  voice: z.object({
    id: z.string().min(1).max(100),
    name: z.string().max(200),
    engine: z.string().max(200),
  }),
  /** Quota units taken for it: the text's characters. */
  units: z.number().int().min(1).max(VOICE_TEXT_MAX_LENGTH),
});
export type VoiceJobPayload = z.infer<typeof voiceJobPayload>;

/** What the job keeps: the public result, and where the clip's file is (never shown). */
export const storedVoiceJobResult = voiceSynthesisResult.extend({ key: z.string() });
export type StoredVoiceJobResult = z.infer<typeof storedVoiceJobResult>;

/** The first grouped part's budget; each next one may be twice as long (up to the longest). */
const firstGroupLength = 200;

/**
 * The parts a text is spoken in: its speakable text (what the speech service would read: no
 * Markdown marks, no code) cut at sentences, none longer than `maxLength`. The first sentence is
 * a part of its own, so the first sound comes soonest; after it, whole sentences are grouped into
 * parts that may double in length each time (200, 400… characters, up to `maxLength`): each engine
 * call costs a start-up of its own (an eSpeak NG process per call), and a longer part is still
 * ready before the shorter one before it has finished playing. The same list at the start of the
 * job and when a route checks a request, so "nothing to say" is known before any quota is taken.
 */
export function voiceParts(text: string, maxLength: number): string[] {
  const parts: string[] = [];
  // Said in the text's own language (a link or a code block is announced in it).
  for (const sentence of splitSentences(speakableText(text, detectLanguage(text)), maxLength)) {
    const last = parts.at(-1);
    const budget = Math.min(maxLength, firstGroupLength * 2 ** Math.max(0, parts.length - 2));
    if (parts.length >= 2 && last !== undefined && last.length + 1 + sentence.length <= budget) {
      parts[parts.length - 1] = `${last} ${sentence}`;
    } else {
      parts.push(sentence);
    }
  }
  return parts;
}

/** A text's length as counted by the quota: its characters (code points, composed). */
export function charactersOf(text: string): number {
  return [...text.normalize('NFC')].length;
}

export interface VoiceJobOptions {
  /** The speech service the parts are spoken by (read at each call: tests swap it). */
  speech: () => Pick<SpeechService, 'synthesize'>;
  repository: VoiceRepository;
  storage: ObjectStore;
  settlement: QuotaSettlement;
  /** The longest part one engine call is given. */
  maxPartLength: number;
  /** How many of one owner's jobs run at once (VOICE_JOBS_PER_OWNER). */
  perOwnerConcurrency: number;
  /** How long a visitor's clip and the parts are kept, and the finished job with them. */
  transientLifeMs: number;
  /** Where an engine's failure is logged (its kind and status; never its words or the text). */
  log: FastifyBaseLogger;
  now: () => Date;
}

const attempts = 2;

/** Speaking is most of the work; joining, encoding and storing the rest. */
const speakingFrom = 5;
const speakingTo = 85;

/** A WAV bigger than this from one sentence is a broken engine (a minute of 48 kHz stereo). */
const maxPartBytes = 16 * 1024 * 1024;

/**
 * An engine's failure in our words, and whether another attempt may help: a busy engine, a
 * service that could not be reached or answered 5xx, or its rate limit, are worth one more try
 * (the parts already spoken are kept); anything else ends the job at once.
 */
function failureOf(error: SpeechError): { text: string; retry: boolean } {
  const { kind, status } = error.failure;
  if (/busy/i.test(error.message)) return { text: voiceJobTexts.engineBusy, retry: true };
  if (/no voice|not available/i.test(error.message)) {
    return { text: voiceJobTexts.voiceGone, retry: false };
  }
  if (/turned off/i.test(error.message)) return { text: voiceJobTexts.speechOff, retry: false };
  switch (kind) {
    case 'rate-limited':
      return { text: voiceJobTexts.rateLimited, retry: true };
    case 'network':
      return { text: voiceJobTexts.unavailable, retry: true };
    case 'http':
      return { text: voiceJobTexts.unavailable, retry: status === null || status >= 500 };
    case 'unauthorized':
      return { text: voiceJobTexts.unavailable, retry: false };
    case 'total-timeout':
    case 'idle-timeout':
      return { text: voiceJobTexts.timeout, retry: false };
    case 'malformed':
    case 'empty':
      return { text: voiceJobTexts.unreadableAudio, retry: false };
    default:
      // eSpeak NG's own timeout carries no kind of its own: its words say it.
      return /took longer/i.test(error.message)
        ? { text: voiceJobTexts.timeout, retry: false }
        : { text: voiceJobTexts.engineFailed, retry: false };
  }
}

/**
 * `voice.synthesize`: the text spoken sentence by sentence (each part's WAV kept and recorded as
 * it is made, with progress counting the parts, so the page plays the first while the rest are
 * spoken), then the parts joined with a short pause between sentences and encoded in the clip's
 * format, stored, and for a signed-in user added to their clips. Stages: `speaking`, `joining`,
 * `storing`. A retried job speaks only the parts not kept yet.
 *
 * Its quota units (the text's characters) are held until it ends: kept when the clip is made;
 * on a failure or a cancel, kept for the sentences already spoken (they could be heard) and given
 * back for the rest.
 */
export function voiceJobDefinition(
  options: VoiceJobOptions,
): JobDefinition<VoiceJobPayload, StoredVoiceJobResult> {
  const { repository, storage, settlement, now } = options;

  const ownerOf = (payload: VoiceJobPayload) =>
    payload.owner.startsWith('user:') ? payload.owner : 'system';

  /** Part `index`'s WAV: kept from an earlier attempt, or spoken now and kept. */
  async function partAudio(
    jobId: string,
    index: number,
    text: string,
    payload: VoiceJobPayload,
    signal: AbortSignal,
  ): Promise<PcmAudio> {
    const kept = await repository.findPart(jobId, index);
    const object = kept ? await storage.get(kept) : null;
    if (object) return parseWav(await buffer(object.body));

    const { request, voice } = payload;
    let audio: Buffer;
    try {
      const spoken = await options.speech().synthesize(
        {
          text,
          language: request.language,
          voice: voice.id,
          format: 'wav',
          speed: request.speed,
          pitch: request.pitch,
          instructions: request.instructions,
        },
        signal,
      );
      audio = spoken.audio;
    } catch (error) {
      signal.throwIfAborted();
      if (!(error instanceof SpeechError)) throw error;
      logProviderFailure(options.log, {
        tool: 'voice',
        model: voice.engine,
        failure: error.failure,
      });
      const failure = failureOf(error);
      throw failure.retry
        ? new Error(failure.text, { cause: error })
        : new FinalJobError(failure.text, { cause: error });
    }
    let pcm: PcmAudio;
    try {
      pcm = parseWav(audio);
    } catch (error) {
      if (error instanceof WavFormatError) {
        throw new FinalJobError(voiceJobTexts.unreadableAudio, { cause: error });
      }
      throw error;
    }
    const stored = await storage.put({
      owner: ownerOf(payload),
      purpose: voicePartsPurpose,
      extension: 'wav',
      contentType: 'audio/wav',
      body: audio,
      maxBytes: maxPartBytes,
    });
    await repository.insertPart(jobId, index, stored.key, now());
    return pcm;
  }

  /** The joined clip, encoded, stored, and (a user's) recorded. */
  async function storeClip(
    jobId: string,
    payload: VoiceJobPayload,
    audio: PcmAudio,
    file: Buffer,
  ): Promise<StoredVoiceJobResult> {
    const { request, voice } = payload;
    const userId = payload.owner.startsWith('user:') ? payload.owner.slice('user:'.length) : null;
    const stored = await storage.put({
      owner: ownerOf(payload),
      purpose: userId ? voicePurpose : visitorVoicePurpose,
      extension: request.format,
      contentType: voiceFormatMimeTypes[request.format],
      body: file,
      maxBytes: file.length,
    });
    try {
      const settings = {
        text: request.text,
        language: request.language,
        voice: voice.id,
        voiceName: voice.name,
        engine: voice.engine,
        speed: request.speed,
        pitch: request.pitch,
        format: request.format,
        instructions: request.instructions,
        characters: payload.units,
        durationMs: durationMsOf(audio),
        bytes: file.length,
      };
      let clip: VoiceClip;
      if (userId) {
        const row = await repository.insertClip(
          {
            ...settings,
            id: randomBytes(16).toString('base64url'),
            userId,
            storageKey: stored.key,
          },
          now(),
        );
        clip = toVoiceClip(row);
      } else {
        clip = {
          ...settings,
          // A visitor's clip has no row: it is named by its job.
          id: jobId,
          mimeType: voiceFormatMimeTypes[request.format],
          audioUrl: jobAudioUrl(jobId),
          createdAt: now().toISOString(),
        };
      }
      return { clip, key: stored.key };
    } catch (error) {
      // Nothing half-kept: a file without its row goes at once.
      await storage.delete(stored.key).catch(() => undefined);
      throw error;
    }
  }

  async function synthesize(
    jobId: string,
    payload: VoiceJobPayload,
    signal: AbortSignal,
    progress: (percent: number, stage: string, steps?: JobSteps) => Promise<void>,
    spoken: (characters: number) => void,
  ): Promise<StoredVoiceJobResult> {
    const parts = voiceParts(payload.request.text, options.maxPartLength);
    if (parts.length === 0) throw new FinalJobError(requestTexts.nothingToSay);
    const total = parts.length;
    const speaking = (done: number) =>
      progress(speakingFrom + ((speakingTo - speakingFrom) * done) / total, 'speaking', {
        done,
        total,
      });

    await speaking(0);
    const audio: PcmAudio[] = [];
    for (const [index, text] of parts.entries()) {
      signal.throwIfAborted();
      audio.push(await partAudio(jobId, index, text, payload, signal));
      spoken(charactersOf(text));
      await speaking(index + 1);
    }

    signal.throwIfAborted();
    await progress(speakingTo + 3, 'joining', { done: total, total });
    const clip = joinParts(audio);
    const file = await encodeClip(clip, payload.request.format);
    signal.throwIfAborted();
    await progress(95, 'storing', { done: total, total });
    const result = await storeClip(jobId, payload, clip, file);
    await progress(100, 'storing', { done: total, total });
    return result;
  }

  return {
    kind: voiceJobKind,
    payload: voiceJobPayload,
    result: storedVoiceJobResult,
    attempts,
    backoffMs: 2000,
    perOwnerConcurrency: options.perOwnerConcurrency,
    // A visitor's clip and the parts are kept that long; so is the job that names them.
    keepCompletedMs: options.transientLifeMs,
    async run({ id, payload, signal, progress, attempt }) {
      let spokenCharacters = 0;
      try {
        const result = await synthesize(id, payload, signal, progress, (characters) => {
          spokenCharacters += characters;
        });
        await settlement.settle(id, payload.units);
        return result;
      } catch (error) {
        // Handed back at shutdown, or to be tried again: the units stay held.
        if (
          abortReasonOf(signal) === 'cancelled' ||
          failsWithoutRetry(error) ||
          attempt >= attempts
        ) {
          await settlement.settle(id, Math.min(payload.units, spokenCharacters));
        }
        throw error;
      }
    },
  };
}
