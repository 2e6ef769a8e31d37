import { describe, expect, it } from 'vitest';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { openVisitorCollection } from '../../../lib/visitor/visitorCollection';
import { samplePiece } from '../../../mocks/handlers/music';
import { pieceFileKinds, pieceFileName } from '../../../lib/media/pieceFiles';
import { visitorPieceSource } from './pieceSource';
import {
  listVisitorPieces,
  readVisitorMusicEntry,
  VISITOR_PIECES,
  type StoredMusicEntry,
} from '../../../lib/visitor/collections';
import { keepVisitorPiece } from './visitorPieces';

const collection = () =>
  openVisitorCollection<StoredMusicEntry>(
    memoryVisitorStorage(),
    VISITOR_PIECES,
    readVisitorMusicEntry,
  );

const piece = samplePiece({
  id: 'job-1',
  title: 'Mưa đêm Hà Nội',
  settings: { genre: 'lofi', instruments: ['piano', 'bass'] },
  base: '/api/music/jobs/job-1',
  createdAt: '2026-11-27T09:00:00.000Z',
});

describe("a visitor's pieces", () => {
  it('keeps every file of a piece, fetched once, and lists only the pieces', async () => {
    const kept = collection();
    const fetched: string[] = [];
    await keepVisitorPiece(kept, piece, (kind) => {
      fetched.push(kind);
      return Promise.resolve(new Blob([kind]));
    });
    expect(fetched).toEqual(['audio', 'wav', 'midi', 'stems', 'stem:piano', 'stem:bass']);
    expect(await listVisitorPieces(kept)).toEqual([piece]);

    const source = visitorPieceSource(kept);
    expect(await (await source.file(piece, 'audio')).text()).toBe('audio');
    expect(await (await source.file(piece, 'stem:bass')).text()).toBe('stem:bass');
    expect((await source.page(null)).pieces).toHaveLength(1);
  });

  it('keeps nothing when a file cannot be fetched', async () => {
    const kept = collection();
    await expect(
      keepVisitorPiece(kept, piece, (kind) =>
        kind === 'midi' ? Promise.reject(new Error('gone')) : Promise.resolve(new Blob([kind])),
      ),
    ).rejects.toThrow('gone');
    expect(await kept.list()).toEqual([]);
  });

  it('forgets a piece with all its files', async () => {
    const kept = collection();
    await keepVisitorPiece(kept, piece, (kind) => Promise.resolve(new Blob([kind])));
    await visitorPieceSource(kept).remove(piece);
    expect(await kept.list()).toEqual([]);
    await expect(visitorPieceSource(kept).file(piece, 'wav')).rejects.toThrow(/no longer kept/);
  });

  it('reads back only well-formed entries', () => {
    expect(readVisitorMusicEntry({ id: 'x' })).toBeNull();
    expect(readVisitorMusicEntry(piece)).toEqual(piece);
    expect(readVisitorMusicEntry({ id: 'job-1#wav', pieceId: 'job-1', kind: 'wav' })).toEqual({
      id: 'job-1#wav',
      pieceId: 'job-1',
      kind: 'wav',
    });
  });
});

describe('files', () => {
  it('lists only the files a piece has and names them for download', () => {
    const cloud = { ...piece, midiUrl: null, stems: [], stemsZipUrl: null };
    expect(pieceFileKinds(cloud)).toEqual(['audio', 'wav']);
    expect(pieceFileName(piece, 'audio')).toBe('mua-dem-ha-noi.mp3');
    expect(pieceFileName(piece, 'midi')).toBe('mua-dem-ha-noi.mid');
    expect(pieceFileName(piece, 'stems')).toBe('mua-dem-ha-noi-stems.zip');
    expect(pieceFileName(piece, 'stem:bass')).toBe('mua-dem-ha-noi-bass.wav');
  });
});
