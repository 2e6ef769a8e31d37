import {
  type MusicInstrument,
  musicInstrument,
  type MusicSection,
  musicSection,
  type ResolvedMusicSettings,
  resolvedMusicSettings,
} from '@studio/contracts';
import { z } from 'zod';

/** Ticks per quarter note of every arrangement and of its MIDI file. */
export const PPQ = 480;
/** Every piece is in 4/4. */
export const BEATS_PER_BAR = 4;
export const TICKS_PER_BAR = PPQ * BEATS_PER_BAR;
export const TICKS_PER_EIGHTH = PPQ / 2;
/** The General MIDI percussion channel (channel 10, 0-based 9). */
export const DRUM_CHANNEL = 9;

/** What a part plays; one instrument may play two (a piano's melody and its chords). */
export const partRoles = ['melody', 'bass', 'chords', 'pad', 'drums'] as const;
export type PartRole = (typeof partRoles)[number];

export const arrangementNote = z.object({
  /** From the start of the piece, in ticks (PPQ per quarter note). */
  tick: z.number().int().min(0),
  ticks: z.number().int().min(1),
  pitch: z.number().int().min(0).max(127),
  velocity: z.number().int().min(1).max(127),
  /**
   * A melody note on a weak beat that is not a tone of its chord (a passing or neighbour note);
   * the only notes that may leave the key (chromatic passing notes).
   */
  passing: z.boolean(),
});
export type ArrangementNote = z.infer<typeof arrangementNote>;

export const arrangementPart = z.object({
  instrument: musicInstrument,
  role: z.enum(partRoles),
  notes: z.array(arrangementNote),
});
export type ArrangementPart = z.infer<typeof arrangementPart>;

export const arrangementSection = z.object({
  name: musicSection,
  startBar: z.number().int().min(0),
  bars: z.number().int().min(1),
  startMs: z.number().int().min(0),
  endMs: z.number().int().min(0),
  /** Chooses this section's melody and drum fill; sections of one name share it until rewritten. */
  seed: z.number().int().min(0),
  /** The chord of each bar, as a scale degree (0 = I). */
  chords: z.array(z.number().int().min(0).max(6)),
});
export type ArrangementSection = z.infer<typeof arrangementSection>;

/**
 * A composed piece as plain JSON: what the MIDI file and the audio are made from, and what
 * extend and rewrite-a-section continue from (the API keeps it as the piece's composition).
 */
export const arrangement = z.object({
  version: z.literal(1),
  settings: resolvedMusicSettings,
  bars: z.number().int().min(1),
  durationMs: z.number().int().min(0),
  sections: z.array(arrangementSection).min(1),
  /** The General MIDI channel of each instrument (drums on 9). */
  channels: z.array(
    z.object({ instrument: musicInstrument, channel: z.number().int().min(0).max(15) }),
  ),
  parts: z.array(arrangementPart),
});
export type Arrangement = z.infer<typeof arrangement>;

export function barMs(tempo: number): number {
  return (60_000 / tempo) * BEATS_PER_BAR;
}

export function msOfTick(tick: number, tempo: number): number {
  return (tick / PPQ) * (60_000 / tempo);
}

export type { MusicInstrument, MusicSection, ResolvedMusicSettings };
