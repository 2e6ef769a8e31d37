import { decodePageCursor, encodePageCursor } from '../../db/newest-first-page.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Voice,
  type VoiceCapability,
  type VoiceCatalogueResponse,
  type VoiceClip,
  type VoiceClipsPage,
  type VoiceLanguage,
  voiceLanguages,
  type VoiceSynthesisJob,
  type VoiceSynthesisRequest,
  voiceFormatMimeTypes,
  voiceTexts as requestTexts,
} from '@studio/contracts';
import { errorTexts, HttpError } from '../../http/errors.ts';
import type { JobKind, JobQueue } from '../../jobs/job-queue.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { jobIdFor, kindOfJobId } from '../../jobs/job-rules.ts';
import { tierOf } from '../billing/entitlements.ts';
import { type Caller, callerPlan, type KeyedCaller, ownerIdOf } from '../callers/caller.ts';
import type { UserJobsService } from '../jobs/user-jobs.service.ts';
import { canUse, detectLanguage } from '../providers/index.ts';
import type { SpeechService } from '../speech/speech-service.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import type { VoiceConfig } from './voice-config.ts';
import {
  charactersOf,
  storedVoiceJobResult,
  voiceJobKind,
  type StoredVoiceJobResult,
  type VoiceJobPayload,
  voiceParts,
  voicePurpose,
} from './voice-job.ts';
import type { VoiceQuota } from './voice-quota.ts';
import { voiceJobTexts, voiceTexts } from './voice-texts.ts';
import { clipFileName, toVoiceClip } from './voice-views.ts';
import type { NewVoiceClip, VoiceRepository } from './voice.repository.ts';

const notFound = () => new HttpError(404, errorTexts[404]);

const isVoiceLanguage = (language: string): language is VoiceLanguage =>
  (voiceLanguages as readonly string[]).includes(language);

/** What a clip made elsewhere brings: its settings (its file's size is measured here). */
export type AdoptedVoiceClip = Omit<NewVoiceClip, 'id' | 'userId' | 'bytes' | 'storageKey'>;

/** A file to send: where it is, and the name a download gives it. */
export interface VoiceFile {
  key: string;
  fileName: string;
}

/**
 * The voice synthesis tool's service: the voices and the caller's allowance, starting a
 * synthesis (its checks, the characters it takes, the job), a job's spoken parts and its clip,
 * and a signed-in user's clips (pages, one's audio, deleting it). Every read names its owner:
 * another caller's job, part or clip is not found.
 */
export function createVoiceService(deps: {
  speech: () => SpeechService;
  repository: VoiceRepository;
  storage: ObjectStore;
  quota: VoiceQuota;
  config: VoiceConfig;
  settlement: QuotaSettlement;
  jobs: JobQueue;
  userJobs: UserJobsService;
  kind: JobKind<VoiceJobPayload, StoredVoiceJobResult>;
  /** The longest part one engine call is given. */
  maxPartLength: number;
  now: () => Date;
}) {
  const { repository, quota, config } = deps;

  /** The longest text the caller's plan speaks in one request. */
  function requestLimit(caller: Caller): number {
    if (caller.kind === 'visitor') return config.requestLimits.visitor;
    return config.requestLimits[tierOf(caller.user, deps.now())];
  }

  /**
   * The voice that will speak, and the clip's language: the one asked for (known, allowed by the
   * plan, speaking the language asked for), or the language's default. The language is the one
   * asked for, else the voice's own, else the text's.
   */
  function resolveVoice(
    caller: Caller,
    request: VoiceSynthesisRequest,
    text: string,
  ): { voice: Voice; language: VoiceLanguage } {
    const speech = deps.speech();
    const voices = speech.voices();
    if (voices.length === 0) throw new HttpError(503, voiceJobTexts.speechOff);
    let voice: Voice | undefined;
    let language: VoiceLanguage;
    if (request.voice !== null) {
      voice = voices.find((candidate) => candidate.id === request.voice);
      if (!voice) throw new HttpError(400, voiceTexts.unknownVoice);
      const own = isVoiceLanguage(voice.language) ? voice.language : null;
      if (request.language !== null && own !== null && own !== request.language) {
        throw new HttpError(400, voiceTexts.otherLanguage(voice.name, own, request.language));
      }
      language = request.language ?? own ?? detectLanguage(text);
    } else {
      language = request.language ?? detectLanguage(text);
      const defaults = speech.defaultVoices();
      const id = defaults[language];
      voice =
        voices.find((candidate) => candidate.id === id) ??
        voices.find((candidate) => candidate.language === language) ??
        // Voices that speak every language (a provider's) are listed under 'mul'.
        voices.find((candidate) => candidate.language === 'mul');
      if (!voice) throw new HttpError(400, voiceTexts.noVoiceFor(language));
    }
    if (!canUse(callerPlan(caller, deps.now()), voice.plan)) {
      throw new HttpError(403, voiceTexts.needsPlan(voice.name, voice.plan));
    }
    return { voice, language };
  }

  /** What the request asks of the voice beyond its text: each a capability it must have. */
  function capabilitiesAsked(request: VoiceSynthesisRequest): VoiceCapability[] {
    const asked: VoiceCapability[] = [];
    if (request.speed !== 1) asked.push('speed');
    if (request.pitch !== 1) asked.push('pitch');
    if (request.instructions) asked.push('instructions');
    return asked;
  }

  /** The caller's completed job's result (404 for anyone else, 409 before it completes). */
  async function jobResult(ownerId: string, jobId: string): Promise<StoredVoiceJobResult> {
    if (kindOfJobId(jobId) !== voiceJobKind) throw notFound();
    const result = storedVoiceJobResult.safeParse(await deps.userJobs.result(ownerId, jobId));
    if (!result.success) throw notFound();
    return result.data;
  }

  return {
    requestLimit,

    /** GET /api/voice/voices: every voice (each says its plan), the defaults, the allowance. */
    async catalogue(caller: Caller): Promise<VoiceCatalogueResponse> {
      const speech = deps.speech();
      const usage = await quota.usage(caller);
      return {
        voices: speech.voices(),
        defaultVoice: speech.defaultVoices(),
        limits: {
          maxCharactersPerRequest: requestLimit(caller),
          dailyCharacters: usage.limit,
          remainingToday: usage.remaining,
        },
      };
    },

    /**
     * POST /api/voice/syntheses: checks the text's length against the plan, the voice (known,
     * allowed, its language and capabilities), that there is something to say, then takes the
     * text's characters from today's allowance and queues the job (its id chosen first, so its
     * units are recorded before it can end).
     */
    async start(caller: KeyedCaller, request: VoiceSynthesisRequest): Promise<VoiceSynthesisJob> {
      const text = request.text.normalize('NFC');
      const characters = charactersOf(text);
      const limit = requestLimit(caller);
      if (characters > limit) {
        throw new HttpError(400, voiceTexts.tooLong(characters, limit, caller.kind === 'user'));
      }
      const { voice, language } = resolveVoice(caller, request, text);
      for (const capability of capabilitiesAsked(request)) {
        if (!voice.capabilities.includes(capability)) {
          throw new HttpError(400, voiceTexts.lacks(voice.name, capability));
        }
      }
      if (voiceParts(text, deps.maxPartLength).length === 0) {
        throw new HttpError(400, requestTexts.nothingToSay);
      }

      const keys = await quota.takeUnits(caller, characters);
      let held = false;
      const stableId = randomUUID();
      const jobId = jobIdFor(voiceJobKind, stableId);
      try {
        await deps.settlement.hold(jobId, keys, characters);
        held = true;
        const ownerId = ownerIdOf(caller);
        const job = await deps.jobs.enqueue(
          deps.kind,
          {
            owner: caller.kind === 'user' ? `user:${caller.user.id}` : ownerId,
            request: { ...request, text, language },
            voice: { id: voice.id, name: voice.name, engine: voice.engine },
            units: characters,
          },
          { ownerId, jobId: stableId },
        );
        return deps.userJobs.view(job) as VoiceSynthesisJob;
      } catch (error) {
        // Nothing queued: nothing is counted.
        if (held) await deps.settlement.settle(jobId, 0);
        else await quota.giveBack(keys, characters);
        throw error;
      }
    },

    /**
     * The file of part `index` of the caller's job, once spoken (404 before, after it is no
     * longer kept, and for anyone but the job's owner).
     */
    async part(ownerId: string, jobId: string, index: number): Promise<VoiceFile> {
      if (kindOfJobId(jobId) !== voiceJobKind) throw notFound();
      // Throws 404 for a job that is not the caller's (or no longer kept).
      await deps.userJobs.get(ownerId, jobId);
      const key = await repository.findPart(jobId, index);
      if (key === null) throw notFound();
      return { key, fileName: `part-${index + 1}.wav` };
    },

    /** The clip of the caller's completed job (a visitor's lives only there). */
    async jobAudio(ownerId: string, jobId: string): Promise<VoiceFile> {
      const { clip, key } = await jobResult(ownerId, jobId);
      return { key, fileName: clipFileName(clip) };
    },

    /** GET /api/voice/clips: a page of the user's clips, newest first. */
    async clips(
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<VoiceClipsPage> {
      const after = cursor === undefined ? null : decodePageCursor(cursor);
      if (cursor !== undefined && after === null) throw new HttpError(400, voiceTexts.badCursor);
      const page = await repository.page(userId, after, limit);
      return {
        clips: page.clips.map(toVoiceClip),
        nextCursor: page.next ? encodePageCursor(page.next) : null,
      };
    },

    async get(userId: string, id: string): Promise<VoiceClip> {
      const clip = await repository.findOwned(userId, id);
      if (!clip) throw notFound();
      return toVoiceClip(clip);
    },

    /** The stored file of the user's clip and the name a download gives it. */
    async clipFile(userId: string, id: string): Promise<VoiceFile> {
      const clip = await repository.findOwned(userId, id);
      if (!clip) throw notFound();
      return { key: clip.storageKey, fileName: clipFileName(clip) };
    },

    /** The user's clips among these ids, as the list shows them (the library's page). */
    async many(userId: string, ids: string[]): Promise<VoiceClip[]> {
      return (await repository.findManyOwned(userId, ids)).map(toVoiceClip);
    },

    /**
     * A clip made elsewhere (a visitor's, moved into the account by the library, which checked
     * the audio) kept as the user's: its file under the user's keys, then its row dated
     * `createdAt` (when it was made); the file goes again when the row cannot be written.
     */
    async adopt(
      userId: string,
      clip: AdoptedVoiceClip,
      audio: Buffer,
      createdAt: Date,
    ): Promise<VoiceClip> {
      const stored = await deps.storage.put({
        owner: `user:${userId}`,
        purpose: voicePurpose,
        extension: clip.format,
        contentType: voiceFormatMimeTypes[clip.format],
        body: audio,
        maxBytes: audio.length,
      });
      try {
        const row = await repository.insertClip(
          {
            ...clip,
            id: randomBytes(16).toString('base64url'),
            userId,
            bytes: audio.length,
            storageKey: stored.key,
          },
          createdAt,
        );
        return toVoiceClip(row);
      } catch (error) {
        await deps.storage.delete(stored.key).catch(() => undefined);
        throw error;
      }
    },

    /** Deletes the user's clip and its file. */
    async remove(userId: string, id: string): Promise<void> {
      const key = await repository.deleteOwned(userId, id);
      if (key === null) throw notFound();
      // A file left by a store that is down is the orphan sweep's: no row names it any more.
      await deps.storage.delete(key).catch(() => undefined);
    },

    /**
     * A cancel went through. A job cancelled before it spoke anything gives all its characters
     * back here; one that was speaking settles them itself as it stops (keeping those of the
     * sentences already spoken).
     */
    async cancelled(jobId: string): Promise<void> {
      if ((await repository.findPart(jobId, 0)) === null) await deps.settlement.settle(jobId, 0);
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
