import {
  type DictationStatus,
  TRANSCRIPTION_MAX_BYTES,
  type TranscriptionLanguage,
  type TranscriptionResponse,
  transcriptionTexts,
  transcriptionTooLongText,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { tierOf } from '../billing/entitlements.ts';
import type { Caller } from '../callers/caller.ts';
import {
  detectLanguage,
  logProviderFailure,
  TranscriptionError,
  WhisperBusyError,
} from '../providers/index.ts';
import type { DictationLimits } from './dictation-config.ts';
import type { DictationEngineHandle } from './dictation-engine.ts';
import type { DictationQuota } from './dictation-quota.ts';
import { isSilent, readRecording, type RecordingProblem } from './recording.ts';

/** Each problem of the file, as the answer says it (415: not what we take; 400: broken). */
const recordingRefusals: Record<RecordingProblem, { status: number; message: string }> = {
  notAudio: { status: 415, message: transcriptionTexts.notAudio },
  unsupported: { status: 415, message: transcriptionTexts.unsupported },
  unreadable: { status: 400, message: transcriptionTexts.unreadable },
};

export interface DictationRequest {
  audio: Buffer;
  language: TranscriptionLanguage;
}

/**
 * Dictation: whether it works here and what the caller has left (GET /api/voice/dictation), and
 * hearing one recording (POST /api/voice/transcriptions). A recording is checked before any
 * engine hears it (WAV, mono 16-bit PCM at 8–48 kHz, size, the plan's longest recording, not
 * silent), then its seconds (rounded up) are taken from the day's allowance, given back if the
 * engine fails. Only sizes, lengths, the engine and the outcome are logged: never the recording
 * or its words.
 */
export function createDictationService(deps: {
  engine: DictationEngineHandle;
  quota: DictationQuota;
  limits: DictationLimits;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { engine, quota, limits, log } = deps;

  const maxSecondsOf = (caller: Caller) =>
    caller.kind === 'user'
      ? limits.maxSeconds[tierOf(caller.user, deps.now())]
      : limits.maxSeconds.visitor;

  function unavailable(): HttpError {
    return new HttpError(503, transcriptionTexts.unavailable);
  }

  return {
    /** Whether an engine hears recordings, before a body is read. */
    available: () => engine.engine !== null,

    unavailable,

    async status(caller: Caller): Promise<DictationStatus> {
      const usage = await quota.usage(caller);
      return {
        available: engine.engine !== null,
        engine: engine.label,
        offline: engine.offline,
        sandbox: engine.sandbox,
        limits: {
          maxSeconds: maxSecondsOf(caller),
          dailySeconds: usage.limit,
          remainingSeconds: usage.remaining,
        },
      };
    },

    /**
     * Hears one recording for `caller`: HttpError for a refused recording (413, 415, 400), a
     * missing engine (503), a busy one (503) or a failed one (502); QuotaExceededError when the
     * day's seconds do not cover it.
     */
    async transcribe(
      caller: Caller,
      request: DictationRequest,
      signal?: AbortSignal,
    ): Promise<TranscriptionResponse> {
      const started = performance.now();
      const outcome = (result: string, extra: Record<string, unknown> = {}) =>
        log.info(
          {
            event: 'dictation',
            outcome: result,
            engine: engine.label,
            bytes: request.audio.length,
            elapsedMs: Math.round(performance.now() - started),
            ...extra,
          },
          `dictation: ${result}`,
        );

      if (!engine.engine) throw unavailable();
      if (request.audio.length > TRANSCRIPTION_MAX_BYTES) {
        throw new HttpError(413, transcriptionTexts.tooLarge);
      }
      const read = readRecording(request.audio);
      if (!read.ok) {
        outcome('refused', { reason: read.problem });
        const refusal = recordingRefusals[read.problem];
        throw new HttpError(refusal.status, refusal.message);
      }
      const { recording } = read;
      const durationMs = recording.durationMs;
      const maxSeconds = maxSecondsOf(caller);
      if (durationMs > maxSeconds * 1000) {
        outcome('refused', { reason: 'tooLong', durationMs });
        throw new HttpError(413, transcriptionTooLongText(maxSeconds));
      }
      if (durationMs === 0 || isSilent(recording)) {
        outcome('refused', { reason: 'silent', durationMs });
        throw new HttpError(400, transcriptionTexts.silent);
      }

      const seconds = Math.max(1, Math.ceil(durationMs / 1000));
      const keys = await quota.takeUnits(caller, seconds);
      let heard;
      try {
        heard = await engine.engine.transcribe(
          {
            audio: request.audio,
            mimeType: 'audio/wav',
            language: request.language === 'auto' ? null : request.language,
          },
          signal,
        );
      } catch (error) {
        await quota.giveBack(keys, seconds);
        if (!(error instanceof TranscriptionError)) throw error;
        logProviderFailure(log, {
          tool: 'dictation',
          model: engine.engine.model,
          failure: error.failure,
        });
        outcome('failed', { durationMs, kind: error.failure.kind });
        if (error instanceof WhisperBusyError) {
          throw new HttpError(503, transcriptionTexts.busy, undefined, {
            headers: { 'retry-after': String(error.failure.retryAfterSeconds ?? 5) },
          });
        }
        // Our own words (TranscriptionError never carries a service's).
        throw new HttpError(502, error.message);
      }
      outcome('transcribed', { durationMs, seconds });
      return {
        text: heard.text,
        language:
          heard.language ??
          (request.language === 'auto'
            ? heard.text
              ? detectLanguage(heard.text)
              : 'en'
            : request.language),
        // Measured from the samples: services round theirs (the sandbox to whole seconds).
        durationMs,
        engine: engine.label ?? '',
      };
    },
  };
}

export type DictationService = ReturnType<typeof createDictationService>;
