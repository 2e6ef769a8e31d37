import { buffer } from 'node:stream/consumers';
import type { MusicPieceSection, ResolvedMusicSettings } from '@studio/contracts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { kindOfJobId } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { type PcmAudio, parseWav } from '../providers/index.ts';
import type { MusicSource } from '../providers/music/music-engine.ts';
import { musicJobKind, storedMusicJobResult } from './music-job-result.ts';
import type { MusicFiles, MusicRepository } from './music.repository.ts';
import type { PieceRecord } from './music-views.ts';

/** A piece as its owner may use it: what it is, its files, and what its engine kept. */
export interface OwnedPiece {
  record: PieceRecord;
  files: MusicFiles;
  composition: unknown;
  /** `piece`: a user's row; `job`: a visitor's (or a user's) completed job's result. */
  kind: 'piece' | 'job';
}

/**
 * Where a caller's pieces are found by id: a signed-in user's rows (by piece id), and any
 * caller's completed music jobs (by job id: a visitor's piece lives only there). Both check the
 * owner: another caller's piece or job is as absent as an unknown one.
 */
export function createMusicSources(deps: {
  repository: MusicRepository;
  jobs: Pick<JobQueue, 'get'>;
  storage: ObjectStore;
}) {
  /** The caller's piece named `id`; `userId` null for a visitor (their job ids only). */
  async function find(
    owner: { userId: string | null; ownerId: string },
    id: string,
  ): Promise<OwnedPiece | null> {
    if (kindOfJobId(id) === musicJobKind) {
      const job = await deps.jobs.get(id);
      if (!job || job.kind !== musicJobKind || job.ownerId !== owner.ownerId) return null;
      if (job.state !== 'completed') return null;
      const result = storedMusicJobResult.safeParse(job.result);
      if (!result.success) return null;
      const { piece, files, composition } = result.data;
      // A user's job names their row: that is the piece (deleted with it).
      if (owner.userId !== null && piece.id !== id) return find(owner, piece.id);
      return { record: { ...piece, files }, files, composition, kind: 'job' };
    }
    if (owner.userId === null) return null;
    const stored = await deps.repository.findOwned(owner.userId, id);
    if (!stored) return null;
    return { record: stored, files: stored.files, composition: stored.composition, kind: 'piece' };
  }

  /** The piece as an engine continues it: its settings, sections, composition and mix. */
  function asSource(piece: OwnedPiece): MusicSource {
    const { record, files } = piece;
    const settings: ResolvedMusicSettings = record.settings;
    const sections: MusicPieceSection[] = record.sections;
    return {
      settings,
      durationMs: record.durationMs,
      sections,
      composition: piece.composition,
      audio: async (): Promise<PcmAudio> => {
        if (!files.wav) throw new Error('the piece has no WAV to continue from');
        const object = await deps.storage.get(files.wav.key);
        if (!object) throw new Error('the piece’s WAV is no longer stored');
        return parseWav(await buffer(object.body));
      },
    };
  }

  return { find, asSource };
}

export type MusicSources = ReturnType<typeof createMusicSources>;
