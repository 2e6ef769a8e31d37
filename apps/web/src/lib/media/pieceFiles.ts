import type { MusicInstrument, MusicPiece } from '@studio/contracts';
import { fileSlug } from '../fileSlug';

/** A piece's files: its MP3 (the player's), its WAV and MIDI, its stems zip, one stem. */
export type PieceFileKind = 'audio' | 'wav' | 'midi' | 'stems' | `stem:${MusicInstrument}`;

/** Where the API serves a file of the piece; null when the piece has none of that kind. */
export function pieceFileUrl(piece: MusicPiece, kind: PieceFileKind): string | null {
  if (kind === 'audio') return piece.audioUrl;
  if (kind === 'wav') return piece.wavUrl;
  if (kind === 'midi') return piece.midiUrl;
  if (kind === 'stems') return piece.stemsZipUrl;
  const instrument = kind.slice('stem:'.length);
  return piece.stems.find((stem) => stem.instrument === instrument)?.url ?? null;
}

/** Every file the piece has, the MP3 first (what a visitor's browser keeps). */
export function pieceFileKinds(piece: MusicPiece): PieceFileKind[] {
  const kinds: PieceFileKind[] = ['audio', 'wav', 'midi', 'stems'];
  const stems = piece.stems.map((stem): PieceFileKind => `stem:${stem.instrument}`);
  return [...kinds, ...stems].filter((kind) => pieceFileUrl(piece, kind) !== null);
}

const extensions: Record<'audio' | 'wav' | 'midi' | 'stems', string> = {
  audio: '.mp3',
  wav: '.wav',
  midi: '.mid',
  stems: '-stems.zip',
};

/** A download's name: the title's first words, then what it is (`rainy-night-lofi-bass.wav`). */
export function pieceFileName(piece: MusicPiece, kind: PieceFileKind): string {
  const slug = fileSlug(piece.title, 'music');
  if (kind.startsWith('stem:')) return `${slug}-${kind.slice('stem:'.length)}.wav`;
  return `${slug}${extensions[kind as keyof typeof extensions]}`;
}
