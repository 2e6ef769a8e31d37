import type { MusicPiece, ResolvedMusicSettings } from '@studio/contracts';
import type { MusicFiles, StoredMusicPiece } from './music.repository.ts';

/**
 * Where a piece's files are served: its owner's only. A signed-in user's piece is named by its
 * id, a visitor's by its job's id (the same routes answer both, each checking its owner).
 */
export const pieceFileUrl = (id: string, file: string) =>
  `/api/music/pieces/${encodeURIComponent(id)}/${file}`;

/** A short name for lists: the prompt's start, or the genre and mood. */
export function titleOf(
  settings: Pick<ResolvedMusicSettings, 'prompt' | 'genre' | 'mood'>,
): string {
  const prompt = settings.prompt.replace(/\s+/g, ' ').trim();
  if (prompt.length > 0) return prompt.length > 60 ? `${prompt.slice(0, 59).trimEnd()}…` : prompt;
  const genre = settings.genre.replace('-', ' ');
  return `${settings.mood[0]?.toUpperCase() ?? ''}${settings.mood.slice(1)} ${genre}`;
}

/** What a piece looks like, whoever keeps it (a row for a user, a job's result for a visitor). */
export type PieceRecord = Omit<StoredMusicPiece, 'userId' | 'composition' | 'files'> & {
  files: MusicFiles;
};

/** A piece as the list, the player and a job's result show it (URLs by `id`). */
export function toMusicPiece(piece: PieceRecord): MusicPiece {
  const { files, id } = piece;
  const bytes =
    files.mp3.bytes +
    (files.wav?.bytes ?? 0) +
    (files.midi?.bytes ?? 0) +
    files.stems.reduce((sum, stem) => sum + stem.bytes, 0);
  return {
    id,
    parentId: piece.parentId,
    operation: piece.operation,
    title: piece.title,
    settings: piece.settings,
    model: piece.model,
    modelName: piece.modelName,
    provider: piece.provider,
    quality: piece.quality,
    durationMs: piece.durationMs,
    sections: piece.sections,
    audioUrl: pieceFileUrl(id, 'audio'),
    wavUrl: files.wav ? pieceFileUrl(id, 'wav') : null,
    midiUrl: files.midi ? pieceFileUrl(id, 'midi') : null,
    stems: files.stems.map((stem) => ({
      instrument: stem.instrument,
      url: pieceFileUrl(id, `stems/${stem.instrument}`),
      bytes: stem.bytes,
    })),
    stemsZipUrl: files.stems.length > 0 ? pieceFileUrl(id, 'stems.zip') : null,
    bytes,
    createdAt: piece.createdAt,
  };
}

/** A download's base name: the title as a slug (`rainy-night-piano`), or `music-<id>`. */
export function pieceSlug(piece: Pick<PieceRecord, 'title' | 'id'>): string {
  return (
    piece.title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || `music-${piece.id.slice(-12)}`
  );
}
