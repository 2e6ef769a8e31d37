import { musicComposeResult, musicInstrument } from '@studio/contracts';
import { z } from 'zod';

/** The music tool's job kind. */
export const musicJobKind = 'music.compose';

const storedFile = z.object({ key: z.string().min(1), bytes: z.number().int().min(0) });

/** Where a piece's files are kept (never shown: the routes serve them by the piece's id). */
export const storedMusicFiles = z.object({
  mp3: storedFile,
  wav: storedFile.nullable(),
  midi: storedFile.nullable(),
  stems: z.array(storedFile.extend({ instrument: musicInstrument })),
});

/**
 * What a `music.compose` job keeps: the public result, its files, and for a visitor's piece
 * (which has no row) what the engine kept of how it made it, to extend it later; null for a
 * user's (their row keeps it).
 */
export const storedMusicJobResult = musicComposeResult.extend({
  files: storedMusicFiles,
  composition: z.unknown(),
});
export type StoredMusicJobResult = z.infer<typeof storedMusicJobResult>;
