import type { LibraryItem, MusicPiece } from '@studio/contracts';
import { paths } from '../../../lib/paths';

/** The tool that made an item, where "Open in …" takes it (a picture: the image tool it used). */
export function toolOf(item: LibraryItem): {
  path: string;
  label: 'images' | 'voice' | 'music' | 'writer';
} {
  if (item.kind === 'clip') return { path: paths.voiceSynthesis, label: 'voice' };
  if (item.kind === 'piece') return { path: paths.musicCreator, label: 'music' };
  if (item.kind === 'document') {
    // The writer opens it: the account's on the server, a visitor's from this browser.
    return {
      path: `${paths.contentWriter}?document=${encodeURIComponent(item.id)}`,
      label: 'writer',
    };
  }
  const tool = item.image.tool;
  const path =
    tool === 'anime' ? paths.anime : tool === 'imagen' ? paths.imagen : paths.imageGenerator;
  return { path, label: 'images' };
}

/** An item's words shortened for buttons' names ("Delete: A lighthouse on a cliff…"). */
export function shortName(words: string, max = 40): string {
  const line = words.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * The words that name an item: a picture's prompt, a clip's text, a piece's title as the music
 * page shows it (`pieceTitle`: a piece without a prompt is named by its mood and genre in the
 * reader's language, where the API's title says them in English).
 */
export function nameOf(item: LibraryItem, pieceTitle: (piece: MusicPiece) => string): string {
  if (item.kind === 'image') return item.image.prompt;
  if (item.kind === 'clip') return item.clip.text;
  if (item.kind === 'document') return item.document.title;
  return pieceTitle(item.piece);
}
