import { decodePageCursor, encodePageCursor } from '../../db/newest-first-page.ts';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  type MusicCapability,
  type MusicCatalogueResponse,
  type MusicComposeJob,
  type MusicComposeRequest,
  type MusicFamilyResponse,
  type MusicInstrument,
  musicJobFailureTexts,
  type MusicPiece,
  type MusicPiecesPage,
  type MusicSettings,
  MUSIC_SEED_MAX,
  musicTexts,
} from '@studio/contracts';
import { errorTexts, HttpError } from '../../http/errors.ts';
import type { JobKind, JobQueue } from '../../jobs/job-queue.ts';
import { jobIdFor } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { tierOf } from '../billing/entitlements.ts';
import { type Caller, callerPlan, type KeyedCaller, ownerIdOf } from '../callers/caller.ts';
import type { UserJobsService } from '../jobs/user-jobs.service.ts';
import { canUse } from '../providers/index.ts';
import type { MusicModelInfo } from '../providers/music/music-engine.ts';
import type { MusicRegistry } from '../providers/music/music-registry.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import { stemsZip } from './music-audio.ts';
import type { MusicConfig } from './music-config.ts';
import { musicJobKind, type MusicJobPayload, musicPurpose } from './music-job.ts';
import type { StoredMusicJobResult } from './music-job-result.ts';
import type { MusicQuota } from './music-quota.ts';
import type { MusicSources, OwnedPiece } from './music-sources.ts';
import { musicServiceTexts } from './music-texts.ts';
import { pieceSlug, toMusicPiece } from './music-views.ts';
import {
  keysOf,
  type MusicFiles,
  type MusicRepository,
  type NewMusicPiece,
} from './music.repository.ts';

const notFound = () => new HttpError(404, errorTexts[404]);

/** Who is asking for a piece: a signed-in user (their rows and jobs), or a visitor (their jobs). */
export interface PieceOwner {
  userId: string | null;
  ownerId: string;
}

/** A file to send: where it is, and the name a download gives it. */
export interface MusicFileToSend {
  key: string;
  fileName: string;
}

/** What a piece made elsewhere brings: its settings and sections (its files come apart). */
export type AdoptedMusicPiece = Omit<NewMusicPiece, 'id' | 'userId' | 'composition' | 'files'>;

/** A piece's files as they arrived: the MP3 always; the WAV, the MIDI and stems when kept. */
export interface AdoptedMusicFiles {
  mp3: Buffer;
  wav: Buffer | null;
  midi: Buffer | null;
  stems: { instrument: MusicInstrument; data: Buffer }[];
}

/** Which of a piece's files a route serves. */
export type MusicFileKind = 'audio' | 'wav' | 'midi';

const newSeed = () => randomInt(0, MUSIC_SEED_MAX);

/**
 * The music creator's service: the models and the caller's allowance, starting a piece (its
 * checks, the seconds it takes, the job), a caller's pieces (a user's rows; a visitor's job
 * results) and their files, pages, families and deletion. Every read names its owner: another
 * caller's piece or job is not found.
 */
export function createMusicService(deps: {
  engine: () => MusicRegistry;
  repository: MusicRepository;
  sources: MusicSources;
  storage: ObjectStore;
  quota: MusicQuota;
  config: MusicConfig;
  settlement: QuotaSettlement;
  jobs: JobQueue;
  userJobs: UserJobsService;
  kind: JobKind<MusicJobPayload, StoredMusicJobResult>;
  now: () => Date;
}) {
  const { repository, quota, config } = deps;

  /** The longest piece the caller's plan makes in one request, in seconds. */
  function pieceLimit(caller: Caller): number {
    if (caller.kind === 'visitor') return config.pieceLimits.visitor;
    return config.pieceLimits[tierOf(caller.user, deps.now())];
  }

  /** The model that will make the piece: the one asked for (known, allowed), or the default. */
  function resolveModel(caller: Caller, id: string | null): MusicModelInfo {
    const engine = deps.engine();
    const chosen = id ?? engine.defaultModel();
    if (engine.models().length === 0 || chosen === null) {
      throw new HttpError(503, musicJobFailureTexts.musicOff);
    }
    const model = engine.find(chosen);
    if (!model) throw new HttpError(400, musicServiceTexts.unknownModel);
    if (!canUse(callerPlan(caller, deps.now()), model.plan)) {
      throw new HttpError(403, musicServiceTexts.needsPlan(model.name, model.plan));
    }
    return model;
  }

  /** What the request asks of the model beyond a prompt and a length. */
  function capabilitiesAsked(request: MusicComposeRequest): MusicCapability[] {
    const asked: MusicCapability[] = [];
    if (request.settings.lyrics && !request.settings.instrumental) asked.push('lyrics');
    if (request.from?.operation === 'extend') asked.push('extend');
    if (request.from?.operation === 'section') asked.push('section');
    return asked;
  }

  const ownerOf = (caller: KeyedCaller): PieceOwner => ({
    userId: caller.kind === 'user' ? caller.user.id : null,
    ownerId: ownerIdOf(caller),
  });

  async function owned(owner: PieceOwner, id: string): Promise<OwnedPiece> {
    const piece = await deps.sources.find(owner, id);
    if (!piece) throw notFound();
    return piece;
  }

  /**
   * The settings the job is given and the seconds it makes, from the request and its source:
   * extend keeps the source's settings and adds `seconds`; section keeps them with another
   * seed for that section (its length is the section's); vary keeps them with another seed.
   */
  function planFrom(
    request: MusicComposeRequest,
    source: OwnedPiece | null,
  ): { settings: MusicSettings; seconds: number; total: number } {
    const { settings } = request;
    if (!request.from || !source) {
      return { settings, seconds: settings.durationSeconds, total: settings.durationSeconds };
    }
    const kept = source.record.settings;
    const sourceSeconds = Math.ceil(source.record.durationMs / 1000);
    switch (request.from.operation) {
      case 'extend': {
        const added = request.from.seconds;
        if (added === undefined) throw new HttpError(400, musicServiceTexts.extendNeedsSeconds);
        const total = sourceSeconds + added;
        return { settings: { ...kept, durationSeconds: total }, seconds: added, total };
      }
      case 'section': {
        const index = request.from.sectionIndex;
        if (index === undefined) throw new HttpError(400, musicServiceTexts.sectionNeedsIndex);
        const section = source.record.sections[index];
        if (!section) throw new HttpError(400, musicTexts.sectionOutOfRange);
        const seconds = Math.max(1, Math.ceil((section.endMs - section.startMs) / 1000));
        return {
          settings: { ...kept, seed: settings.seed ?? newSeed() },
          seconds,
          total: sourceSeconds,
        };
      }
      case 'vary':
        return {
          settings: { ...kept, seed: newSeed() },
          seconds: sourceSeconds,
          total: sourceSeconds,
        };
    }
  }

  return {
    pieceLimit,

    /** GET /api/music/models: every model (each says its plan), the default, the allowance. */
    async catalogue(caller: Caller): Promise<MusicCatalogueResponse> {
      const engine = deps.engine();
      const plan = callerPlan(caller, deps.now());
      const usage = await quota.usage(caller);
      return {
        models: engine.models().map((model) => ({ ...model, allowed: canUse(plan, model.plan) })),
        defaultModel: engine.defaultModel() ?? '',
        limits: {
          maxSecondsPerPiece: pieceLimit(caller),
          dailySeconds: usage.limit,
          remainingToday: usage.remaining,
        },
      };
    },

    /**
     * POST /api/music/pieces: checks the model (known, allowed, able to do what is asked), the
     * source piece (the caller's own), the length against the plan and the model, then takes
     * the seconds from today's allowance and queues the job (its id chosen first, so its units
     * are recorded before it can end).
     */
    async start(caller: KeyedCaller, request: MusicComposeRequest): Promise<MusicComposeJob> {
      const model = resolveModel(caller, request.model);
      for (const capability of capabilitiesAsked(request)) {
        if (!model.capabilities.includes(capability)) {
          throw new HttpError(400, musicServiceTexts.lacks(model.name, capability));
        }
      }
      const owner = ownerOf(caller);
      const source = request.from ? await deps.sources.find(owner, request.from.pieceId) : null;
      if (request.from && !source) throw new HttpError(404, musicServiceTexts.unknownSource);
      const { settings, seconds, total } = planFrom(request, source);
      const limit = pieceLimit(caller);
      if (total > limit) {
        throw new HttpError(400, musicServiceTexts.tooLong(total, limit, caller.kind === 'user'));
      }
      if (total > model.maxDurationSeconds) {
        throw new HttpError(
          400,
          musicServiceTexts.modelTooShort(model.name, total, model.maxDurationSeconds),
        );
      }

      const keys = await quota.takeUnits(caller, seconds);
      let held = false;
      const stableId = randomUUID();
      const jobId = jobIdFor(musicJobKind, stableId);
      try {
        await deps.settlement.hold(jobId, keys, seconds);
        held = true;
        const job = await deps.jobs.enqueue(
          deps.kind,
          {
            owner: caller.kind === 'user' ? `user:${caller.user.id}` : owner.ownerId,
            model: {
              id: model.id,
              name: model.name,
              provider: model.provider,
              quality: model.quality,
            },
            settings,
            from:
              request.from && source
                ? {
                    pieceId: request.from.pieceId,
                    parentId: source.record.id,
                    operation: request.from.operation,
                    ...(request.from.operation === 'extend' && request.from.seconds !== undefined
                      ? { seconds: request.from.seconds }
                      : {}),
                    ...(request.from.operation === 'section' &&
                    request.from.sectionIndex !== undefined
                      ? { sectionIndex: request.from.sectionIndex }
                      : {}),
                  }
                : null,
            units: seconds,
          },
          { ownerId: owner.ownerId, jobId: stableId },
        );
        return deps.userJobs.view(job) as MusicComposeJob;
      } catch (error) {
        // Nothing queued: nothing is counted.
        if (held) await deps.settlement.settle(jobId, 0);
        else await quota.giveBack(keys, seconds);
        throw error;
      }
    },

    /** One of the caller's pieces (a user's by piece id or job id, a visitor's by job id). */
    async get(owner: PieceOwner, id: string): Promise<MusicPiece> {
      return toMusicPiece((await owned(owner, id)).record);
    },

    /** GET /api/music/pieces: a page of the user's pieces, newest first. */
    async pieces(
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<MusicPiecesPage> {
      const after = cursor === undefined ? null : decodePageCursor(cursor);
      if (cursor !== undefined && after === null) {
        throw new HttpError(400, musicServiceTexts.badCursor);
      }
      const page = await repository.page(userId, after, limit);
      return {
        pieces: page.pieces.map(toMusicPiece),
        nextCursor: page.next ? encodePageCursor(page.next) : null,
      };
    },

    /** GET /api/music/pieces/{id}/family: the whole tree, parents before children. */
    async family(userId: string, id: string): Promise<MusicFamilyResponse> {
      const pieces = await repository.family(userId, id);
      if (!pieces) throw notFound();
      return { pieces: pieces.map(toMusicPiece) };
    },

    /** The stored file of one of the caller's pieces and the name a download gives it. */
    async file(owner: PieceOwner, id: string, kind: MusicFileKind): Promise<MusicFileToSend> {
      const { record, files } = await owned(owner, id);
      const slug = pieceSlug(record);
      switch (kind) {
        case 'audio':
          return { key: files.mp3.key, fileName: `${slug}.mp3` };
        case 'wav':
          if (!files.wav) throw new HttpError(404, musicServiceTexts.notKept);
          return { key: files.wav.key, fileName: `${slug}.wav` };
        case 'midi':
          if (!files.midi) throw new HttpError(404, musicServiceTexts.notKept);
          return { key: files.midi.key, fileName: `${slug}.mid` };
      }
    },

    /** One instrument alone, as WAV. */
    async stem(
      owner: PieceOwner,
      id: string,
      instrument: MusicInstrument,
    ): Promise<MusicFileToSend> {
      const { record, files } = await owned(owner, id);
      const stem = files.stems.find((candidate) => candidate.instrument === instrument);
      if (!stem) throw new HttpError(404, musicServiceTexts.notKept);
      return { key: stem.key, fileName: `${pieceSlug(record)}-${instrument}.wav` };
    },

    /** Every stem in one zip, streamed as it is built (checked to be all stored first). */
    async stemsZip(owner: PieceOwner, id: string) {
      const { record, files } = await owned(owner, id);
      if (files.stems.length === 0) throw new HttpError(404, musicServiceTexts.notKept);
      const heads = await Promise.all(files.stems.map((stem) => deps.storage.head(stem.key)));
      if (heads.some((head) => head === null)) throw notFound();
      const slug = pieceSlug(record);
      return {
        fileName: `${slug}-stems.zip`,
        body: stemsZip(
          deps.storage,
          files.stems.map((stem) => ({ key: stem.key, name: `${slug}-${stem.instrument}.wav` })),
        ),
      };
    },

    /** The user's pieces among these ids, as the list shows them (the library's page). */
    async many(userId: string, ids: string[]): Promise<MusicPiece[]> {
      return (await repository.findManyOwned(userId, ids)).map(toMusicPiece);
    },

    /**
     * A piece made elsewhere (a visitor's, moved into the account by the library, which checked
     * each file) kept as the user's: its files under the user's keys, then its rows dated
     * `createdAt` (when it was made); every file stored goes again when one cannot be stored or
     * the rows cannot be written.
     */
    async adopt(
      userId: string,
      piece: AdoptedMusicPiece,
      files: AdoptedMusicFiles,
      createdAt: Date,
    ): Promise<MusicPiece> {
      const put: string[] = [];
      const store = async (extension: 'mp3' | 'wav' | 'mid', contentType: string, body: Buffer) => {
        const stored = await deps.storage.put({
          owner: `user:${userId}`,
          purpose: musicPurpose,
          extension,
          contentType,
          body,
          maxBytes: body.length,
        });
        put.push(stored.key);
        return { key: stored.key, bytes: body.length };
      };
      try {
        const kept: MusicFiles = {
          mp3: await store('mp3', 'audio/mpeg', files.mp3),
          wav: files.wav ? await store('wav', 'audio/wav', files.wav) : null,
          midi: files.midi ? await store('mid', 'audio/midi', files.midi) : null,
          stems: [],
        };
        for (const stem of files.stems) {
          kept.stems.push({
            instrument: stem.instrument,
            ...(await store('wav', 'audio/wav', stem.data)),
          });
        }
        const stored = await repository.insert(
          {
            ...piece,
            id: randomBytes(16).toString('base64url'),
            userId,
            composition: null,
            files: kept,
          },
          createdAt,
        );
        return toMusicPiece(stored);
      } catch (error) {
        await Promise.all(put.map((key) => deps.storage.delete(key).catch(() => undefined)));
        throw error;
      }
    },

    /** Deletes the user's piece and its files (its children stay, their parent gone). */
    async remove(userId: string, id: string): Promise<void> {
      const files = await repository.deleteOwned(userId, id);
      if (files === null) throw notFound();
      // A file left by a store that is down is the orphan sweep's: no row names it any more.
      await Promise.all(
        keysOf(files).map((key) => deps.storage.delete(key).catch(() => undefined)),
      );
    },

    /** A cancel went through: the job made nothing to hear, so every second goes back. */
    cancelled: (jobId: string) => deps.settlement.settle(jobId, 0),
  };
}

export type MusicService = ReturnType<typeof createMusicService>;
