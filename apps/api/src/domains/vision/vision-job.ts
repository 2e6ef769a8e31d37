import { buffer } from 'node:stream/consumers';
import { visionLanguage, visionReadResult } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { abortReasonOf, failsWithoutRetry, FinalJobError } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { logProviderFailure, type OcrEngine, OcrError } from '../providers/index.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import { hasTable } from './vision-table.ts';
import { visionServiceTexts } from './vision-texts.ts';
import { toVisionRead } from './vision-views.ts';
import type { VisionRepository } from './vision.repository.ts';

/** The vision tool's job kind. */
export const visionReadJobKind = 'vision.read';

/** A signed-in user's pictures: `users/<id>/vision/…`, kept while their read is. */
export const visionPurpose = 'vision';
/** A visitor's pictures: under `system`, kept VISION_KEEP_HOURS with their read. */
export const visitorVisionPurpose = 'visitor-vision';

const ownerPattern = /^([A-Za-z0-9_-]{1,64}|visitor:[A-Za-z0-9_-]{43})$/;

export const visionReadPayload = z.object({
  /** A user's id, or `visitor:<sha-256 of their key>`: who the read is kept for. */
  owner: z.string().regex(ownerPattern),
  /** Whether `owner` is a user (their read goes with the account). */
  user: z.boolean(),
  /** The read's id, chosen when it was started. */
  readId: z.string().min(1).max(100),
  /** The picture as checked and re-encoded, already stored. */
  storageKey: z.string().min(1).max(500),
  fileName: z.string().min(1).max(200),
  bytes: z.number().int().min(1),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  languages: z.array(visionLanguage).min(1).max(2),
  /** ISO 8601: when a visitor's read goes; null for a user's. */
  expiresAt: z.string().nullable(),
  /** Quota units held for it: one picture. */
  units: z.number().int().min(1),
});
export type VisionReadPayload = z.infer<typeof visionReadPayload>;

export interface VisionJobOptions {
  /** The OCR engine (read at each call: the plugin creates it on first use). */
  engine: () => OcrEngine;
  engineName: string;
  repository: VisionRepository;
  storage: ObjectStore;
  settlement: QuotaSettlement;
  /** How long a finished job is readable: as long as a visitor's read is kept. */
  keepCompletedMs: number;
  /** Where the engine's failures are logged (their kind; never the picture or its text). */
  log: FastifyBaseLogger;
  now: () => Date;
}

const attempts = 2;

/** The engine's failure in our words, and whether another attempt may help. */
function failureOf(error: OcrError): { text: string; retry: boolean } {
  switch (error.kind) {
    case 'busy':
      return { text: visionServiceTexts.readBusy, retry: true };
    case 'timeout':
      return { text: visionServiceTexts.readTimeout, retry: false };
    case 'unreadable-image':
    case 'too-large':
      return { text: visionServiceTexts.unreadable, retry: false };
    default:
      return { text: visionServiceTexts.readFailed, retry: true };
  }
}

/**
 * `vision.read`: the stored picture read by the OCR engine (stage `reading`, its fraction moving
 * the percent from 0 to 90), then kept as a read with its lines and whether they make a table
 * (stage `storing`). Its quota unit is held until it ends: kept when the picture is read, given
 * back on a failure or a cancel, and the picture is deleted then (nothing was read to keep).
 */
export function visionReadJobDefinition(
  options: VisionJobOptions,
): JobDefinition<VisionReadPayload, z.infer<typeof visionReadResult>> {
  const { repository, storage, settlement } = options;

  async function read(
    payload: VisionReadPayload,
    signal: AbortSignal,
    progress: (percent: number, stage: string) => Promise<void>,
  ) {
    let shown = 0;
    let reports = progress(0, 'reading').catch(() => undefined);
    const object = await storage.get(payload.storageKey);
    if (!object) throw new FinalJobError(visionServiceTexts.pictureGone);
    const picture = await buffer(object.body);
    signal.throwIfAborted();

    let result;
    try {
      result = await options.engine().recognize(picture, {
        languages: payload.languages,
        signal,
        onProgress: (fraction) => {
          const percent = Math.floor(90 * Math.min(1, Math.max(0, fraction)));
          if (percent <= shown) return;
          shown = percent;
          reports = reports.then(() => progress(percent, 'reading')).catch(() => undefined);
        },
      });
    } catch (error) {
      signal.throwIfAborted();
      if (!(error instanceof OcrError)) throw error;
      logProviderFailure(options.log, { tool: 'vision', model: 'ocr', failure: error.failure });
      const failure = failureOf(error);
      throw failure.retry
        ? new Error(failure.text, { cause: error })
        : new FinalJobError(failure.text, { cause: error });
    }
    signal.throwIfAborted();
    reports = reports.then(() => progress(90, 'storing')).catch(() => undefined);
    const stored = await repository.insert(
      {
        id: payload.readId,
        owner: payload.owner,
        userId: payload.user ? payload.owner : null,
        storageKey: payload.storageKey,
        fileName: payload.fileName,
        bytes: payload.bytes,
        width: result.width,
        height: result.height,
        languages: payload.languages,
        text: result.text,
        confidence: Math.round(result.confidence * 10) / 10,
        lines: result.lines.map((line) => ({
          text: line.text,
          confidence: line.confidence,
          box: line.box,
          words: line.words,
        })),
        hasTable: hasTable(result.lines),
        engine: options.engineName,
        expiresAt: payload.expiresAt,
      },
      options.now(),
    );
    reports = reports.then(() => progress(100, 'storing')).catch(() => undefined);
    await reports;
    return { read: toVisionRead(stored, []) };
  }

  return {
    kind: visionReadJobKind,
    payload: visionReadPayload,
    result: visionReadResult,
    attempts,
    backoffMs: 1000,
    // One picture at a time per caller: the engine reads one at a time anyway (OCR_CONCURRENCY).
    perOwnerConcurrency: 1,
    keepCompletedMs: options.keepCompletedMs,
    async run({ payload, signal, progress, attempt, id }) {
      try {
        const result = await read(payload, signal, progress);
        await settlement.settle(id, payload.units);
        return result;
      } catch (error) {
        // Handed back at shutdown, or to be tried again: the unit stays held, the picture kept.
        if (
          abortReasonOf(signal) === 'cancelled' ||
          failsWithoutRetry(error) ||
          attempt >= attempts
        ) {
          await settlement.settle(id, 0);
          await storage.delete(payload.storageKey).catch(() => undefined);
        }
        throw error;
      }
    },
  };
}
