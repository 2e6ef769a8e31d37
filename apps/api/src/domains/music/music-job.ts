import { randomBytes } from 'node:crypto';
import {
  type MusicJobStage,
  musicJobFailureTexts,
  type MusicPiece,
  type MusicRefusal,
  musicOperation,
  musicProvider,
  musicQualities,
  musicSettings,
  resolvedMusicSettings,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { abortReasonOf, FinalJobError, failsWithoutRetry } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { logProviderFailure, type PcmAudio, writeWav } from '../providers/index.ts';
import { type MusicGenerateResult, MusicError } from '../providers/music/music-engine.ts';
import type { MusicRegistry } from '../providers/music/music-registry.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import { durationMsOf, encodePieceMp3 } from './music-audio.ts';
import {
  musicJobKind,
  type StoredMusicJobResult,
  storedMusicJobResult,
} from './music-job-result.ts';
import type { MusicSources } from './music-sources.ts';
import { musicServiceTexts } from './music-texts.ts';
import { type PieceRecord, titleOf, toMusicPiece } from './music-views.ts';
import { keysOf, type MusicFiles, type MusicRepository } from './music.repository.ts';

export { musicJobKind };

/** Where a signed-in user's pieces go in the object store: `users/<id>/music/…`. */
export const musicPurpose = 'music';
/** A visitor's piece: `system/visitor-music/…`, kept MUSIC_KEEP_HOURS (their browser keeps a copy). */
export const visitorMusicPurpose = 'visitor-music';

const ownerPattern = /^(user:[A-Za-z0-9_-]{1,64}|visitor:[A-Za-z0-9_-]{43})$/;

export const musicJobPayload = z.object({
  /** `user:<id>`, or `visitor:<sha-256 of their key>`. */
  owner: z.string().regex(ownerPattern),
  /** The model, as the catalogue listed it when the job was started. */
  model: z.object({
    id: z.string().min(1).max(100),
    name: z.string().max(200),
    provider: musicProvider,
    quality: z.enum(musicQualities),
  }),
  /** The settings as asked (for extend, section and vary: the source's, as the service set them). */
  settings: musicSettings,
  from: z
    .object({
      /** The source piece: a user's piece id, or a music job's id. */
      pieceId: z.string().min(1).max(100),
      /** The id the new piece's family names (the source's own piece id). */
      parentId: z.string().min(1).max(100),
      operation: musicOperation,
      seconds: z.number().int().min(1).optional(),
      sectionIndex: z.number().int().min(0).optional(),
    })
    .nullable(),
  /** Quota units held for it: the seconds of music it makes. */
  units: z.number().int().min(1),
});
export type MusicJobPayload = z.infer<typeof musicJobPayload>;

export interface MusicJobOptions {
  /** The engines, as one (read at each call: tests swap it). */
  engine: () => MusicRegistry;
  repository: MusicRepository;
  sources: MusicSources;
  storage: ObjectStore;
  settlement: QuotaSettlement;
  /** How many of one owner's jobs run at once (MUSIC_JOBS_PER_OWNER). */
  perOwnerConcurrency: number;
  /** How long a visitor's piece is kept, and the finished job with it. */
  transientLifeMs: number;
  /** Where an engine's failure is logged (its kind and status; never its words or the prompt). */
  log: FastifyBaseLogger;
  now: () => Date;
}

const attempts = 2;

/**
 * Where each stage sits in the job's percent: the engine reports its own stages (the composer
 * plans, composes, renders and splits stems; a provider generates), then the job encodes and
 * stores. A stage's fraction moves the percent inside its band; the percent never goes back.
 */
const stageBands: Record<MusicJobStage, [number, number]> = {
  planning: [0, 5],
  composing: [5, 25],
  generating: [5, 75],
  rendering: [25, 70],
  stems: [70, 80],
  encoding: [80, 92],
  storing: [92, 100],
};

/** A WAV of one stem or the mix over this is a broken engine: 6 minutes of 48 kHz stereo. */
const maxWavBytes = 6 * 60 * 48_000 * 2 * 2 + 44;

/**
 * An engine's failure in our words, and whether another attempt may help: a busy engine, a
 * service that could not be reached or answered 5xx, or its rate limit, are worth one more try;
 * anything else ends the job at once.
 */
function failureOf(error: MusicError): {
  text: string;
  retry: boolean;
  /** A refusal's suggested prompt, for the page (the job keeps it as its failure detail). */
  refusal?: MusicRefusal;
} {
  const { kind, status } = error.failure;
  if (error.refusal) {
    return { text: musicJobFailureTexts.refused, retry: false, refusal: error.refusal };
  }
  if (/turned off/i.test(error.message))
    return { text: musicJobFailureTexts.musicOff, retry: false };
  if (/no music model/i.test(error.message)) {
    return { text: musicJobFailureTexts.modelGone, retry: false };
  }
  if (/busy/i.test(error.message)) return { text: musicJobFailureTexts.engineBusy, retry: true };
  switch (kind) {
    case 'rate-limited':
      return { text: musicJobFailureTexts.rateLimited, retry: true };
    case 'network':
      return { text: musicJobFailureTexts.unavailable, retry: true };
    case 'http':
      return { text: musicJobFailureTexts.unavailable, retry: status === null || status >= 500 };
    case 'unauthorized':
      return { text: musicJobFailureTexts.unavailable, retry: false };
    case 'total-timeout':
    case 'idle-timeout':
      return { text: musicJobFailureTexts.timeout, retry: false };
    case 'malformed':
    case 'empty':
      return { text: musicJobFailureTexts.unreadableAudio, retry: false };
    default:
      return { text: musicJobFailureTexts.engineFailed, retry: false };
  }
}

/** The engine's answer, checked: real audio, stems that match it, settings that parse. */
function checkedResult(result: MusicGenerateResult): MusicGenerateResult {
  const settings = resolvedMusicSettings.safeParse(result.settings);
  const audioOk = (audio: PcmAudio) =>
    (audio.channels === 1 || audio.channels === 2) &&
    audio.sampleRate >= 8_000 &&
    audio.samples.length >= audio.channels &&
    audio.samples.length * 2 + 44 <= maxWavBytes;
  const stemsOk = result.stems.every(
    (stem) => audioOk(stem.audio) && stem.audio.sampleRate === result.audio.sampleRate,
  );
  const instruments = new Set(result.stems.map((stem) => stem.instrument));
  if (
    !settings.success ||
    !audioOk(result.audio) ||
    !stemsOk ||
    instruments.size !== result.stems.length
  ) {
    throw new FinalJobError(musicJobFailureTexts.unreadableAudio);
  }
  return { ...result, settings: settings.data };
}

/**
 * `music.compose`: the piece made by the model's engine (its stages reported as progress: the
 * composer's planning, composing, rendering and stems; a provider's generating), then the mix
 * encoded as MP3 and kept as WAV too, the MIDI and each stem (WAV) stored, and for a signed-in
 * user the piece recorded with its family. Stages end with `encoding` and `storing`.
 *
 * Its quota units (the seconds it makes) are held until it ends: kept when the piece is made,
 * given back on a failure or a cancel (nothing was made to hear).
 */
export function musicJobDefinition(
  options: MusicJobOptions,
): JobDefinition<MusicJobPayload, StoredMusicJobResult> {
  const { repository, storage, settlement, now } = options;

  const storageOwnerOf = (payload: MusicJobPayload) =>
    payload.owner.startsWith('user:') ? payload.owner : 'system';
  const userIdOf = (payload: MusicJobPayload) =>
    payload.owner.startsWith('user:') ? payload.owner.slice('user:'.length) : null;
  /** The owner as the job queue records it: a user's id, or `visitor:<hash>`. */
  const queueOwnerOf = (payload: MusicJobPayload) => userIdOf(payload) ?? payload.owner;

  /** Every file of the piece, stored; on any failure those already stored are deleted. */
  async function storeFiles(
    payload: MusicJobPayload,
    result: MusicGenerateResult,
    mp3: Buffer,
    signal: AbortSignal,
  ): Promise<MusicFiles> {
    const put: string[] = [];
    const purpose = userIdOf(payload) ? musicPurpose : visitorMusicPurpose;
    const store = async (extension: 'mp3' | 'wav' | 'mid', contentType: string, body: Buffer) => {
      signal.throwIfAborted();
      const stored = await storage.put({
        owner: storageOwnerOf(payload),
        purpose,
        extension,
        contentType,
        body,
        maxBytes: body.length,
      });
      put.push(stored.key);
      return { key: stored.key, bytes: body.length };
    };
    try {
      const files: MusicFiles = {
        mp3: await store('mp3', 'audio/mpeg', mp3),
        wav: await store('wav', 'audio/wav', writeWav(result.audio)),
        midi: result.midi ? await store('mid', 'audio/midi', Buffer.from(result.midi)) : null,
        stems: [],
      };
      for (const stem of result.stems) {
        const file = await store('wav', 'audio/wav', writeWav(stem.audio));
        files.stems.push({ instrument: stem.instrument, ...file });
      }
      return files;
    } catch (error) {
      // Nothing half-kept: files without their piece go at once.
      await Promise.all(put.map((key) => storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }

  /** The piece recorded (a user's) or named by its job (a visitor's). */
  async function keep(
    jobId: string,
    payload: MusicJobPayload,
    result: MusicGenerateResult,
    files: MusicFiles,
  ): Promise<StoredMusicJobResult> {
    const userId = userIdOf(payload);
    const base: Omit<PieceRecord, 'id' | 'createdAt'> = {
      parentId: payload.from?.parentId ?? null,
      operation: payload.from?.operation ?? null,
      title: titleOf(result.settings),
      settings: resolvedMusicSettings.parse(result.settings),
      model: payload.model.id,
      modelName: payload.model.name,
      provider: payload.model.provider,
      quality: payload.model.quality,
      durationMs: durationMsOf(result.audio),
      sections: result.sections,
      files,
    };
    try {
      let piece: MusicPiece;
      if (userId) {
        const stored = await repository.insert(
          {
            ...base,
            id: randomBytes(16).toString('base64url'),
            userId,
            composition: result.composition ?? null,
          },
          now(),
        );
        piece = toMusicPiece(stored);
        return { piece, files, composition: null };
      }
      // A visitor's piece has no row: it is named by its job.
      piece = toMusicPiece({ ...base, id: jobId, createdAt: now().toISOString() });
      return { piece, files, composition: result.composition ?? null };
    } catch (error) {
      await Promise.all(keysOf(files).map((key) => storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }

  async function compose(
    jobId: string,
    payload: MusicJobPayload,
    signal: AbortSignal,
    progress: (percent: number, stage: string) => Promise<void>,
  ): Promise<StoredMusicJobResult> {
    let shown = -1;
    let lastStage = '';
    let reports = Promise.resolve();
    /** Reported in order and at most once per whole percent (the engine may call often). */
    const report = (stage: MusicJobStage, fraction: number) => {
      const [from, to] = stageBands[stage];
      const percent = Math.max(
        shown,
        Math.floor(from + (to - from) * Math.min(1, Math.max(0, fraction))),
      );
      if (percent === shown && stage === lastStage) return;
      shown = percent;
      lastStage = stage;
      reports = reports.then(() => progress(percent, stage)).catch(() => undefined);
    };

    report('planning', 0);
    const engine = options.engine();
    if (!engine.find(payload.model.id)) {
      throw new FinalJobError(
        engine.models().length === 0
          ? musicJobFailureTexts.musicOff
          : musicJobFailureTexts.modelGone,
      );
    }
    let source = null;
    if (payload.from) {
      const userId = userIdOf(payload);
      const found = await options.sources.find(
        { userId, ownerId: queueOwnerOf(payload) },
        payload.from.pieceId,
      );
      if (!found) throw new FinalJobError(musicServiceTexts.unknownSource);
      source = options.sources.asSource(found);
    }

    let generated: MusicGenerateResult;
    try {
      generated = await engine.generate({
        model: payload.model.id,
        settings: payload.settings,
        from:
          payload.from && source
            ? {
                operation: payload.from.operation,
                source,
                ...(payload.from.seconds === undefined ? {} : { seconds: payload.from.seconds }),
                ...(payload.from.sectionIndex === undefined
                  ? {}
                  : { sectionIndex: payload.from.sectionIndex }),
              }
            : null,
        signal,
        onProgress: report,
      });
    } catch (error) {
      signal.throwIfAborted();
      if (!(error instanceof MusicError)) throw error;
      logProviderFailure(options.log, {
        tool: 'music',
        model: error.model ?? payload.model.id,
        failure: error.failure,
      });
      const failure = failureOf(error);
      throw failure.retry
        ? new Error(failure.text, { cause: error })
        : new FinalJobError(failure.text, {
            cause: error,
            ...(failure.refusal ? { detail: { ...failure.refusal } } : {}),
          });
    }
    signal.throwIfAborted();
    const result = checkedResult(generated);

    report('encoding', 0);
    const mp3 = await encodePieceMp3(result.audio);
    signal.throwIfAborted();
    report('storing', 0);
    const files = await storeFiles(payload, result, mp3, signal);
    const kept = await keep(jobId, payload, result, files);
    report('storing', 1);
    await reports;
    return kept;
  }

  return {
    kind: musicJobKind,
    payload: musicJobPayload,
    result: storedMusicJobResult,
    attempts,
    backoffMs: 2000,
    perOwnerConcurrency: options.perOwnerConcurrency,
    // A visitor's piece is kept that long; so is the job that names it.
    keepCompletedMs: options.transientLifeMs,
    async run({ id, payload, signal, progress, attempt }) {
      try {
        const result = await compose(id, payload, signal, progress);
        await settlement.settle(id, payload.units);
        return result;
      } catch (error) {
        // Handed back at shutdown, or to be tried again: the units stay held.
        if (
          abortReasonOf(signal) === 'cancelled' ||
          failsWithoutRetry(error) ||
          attempt >= attempts
        ) {
          await settlement.settle(id, 0);
        }
        throw error;
      }
    },
  };
}
