import { MUSIC_INSTRUMENTS_MAX } from '@studio/contracts';

/**
 * The library's limits on what a browser may move into an account (POST /api/library/imports).
 * Constants, not settings: they follow from what the tools themselves make, not from a
 * deployment's taste.
 */
export const libraryImportLimits = {
  /** A picture's PNG: the largest a generation writes is far below this. */
  imageBytes: 20 * 1024 * 1024,
  /** A clip: the longest text the voice tool speaks, as WAV, fits. */
  clipBytes: 25 * 1024 * 1024,
  /**
   * Each of a piece's files: the longest piece's WAV (six minutes of 48 kHz stereo, the most
   * any engine's WAV may be) is just over 69 MB.
   */
  pieceFileBytes: 70 * 1024 * 1024,
  /** A piece's files at most: the MP3, the WAV, the MIDI, the stems zip and one stem each. */
  pieceFiles: 4 + MUSIC_INSTRUMENTS_MAX + 1,
  /** A whole form, as its Content-Length declares it (a piece's files rarely reach a third). */
  bodyBytes: 256 * 1024 * 1024,
} as const;
