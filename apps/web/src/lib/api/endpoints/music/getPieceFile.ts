import { cookieClient } from '../../clients';
import { visitorHeaders } from '../../../visitor/visitorHeaders';

/** Where the API serves a piece's files (its audioUrl, wavUrl, midiUrl, stems, stems zip). */
const MUSIC_FILE_PATH = /^\/api\/music\/[^?#]+$/;

/**
 * GET a piece's file (MP3, WAV, MIDI, a stem, the stems zip) as a blob: with the session's
 * credentials for a user's piece, with the visitor key for a visitor's job (read once, then
 * kept in their browser). Only the music routes' own paths: the client adds credentials to
 * every request, so an address pointing elsewhere is refused.
 */
export async function getPieceFile(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!MUSIC_FILE_PATH.test(url) || url.includes('..')) {
    throw new Error('Not a music file.');
  }
  const { data } = await cookieClient.get<Blob>(url, {
    responseType: 'blob',
    signal,
    headers: visitorHeaders(),
  });
  return data;
}
