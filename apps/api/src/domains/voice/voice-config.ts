import { VOICE_TEXT_MAX_LENGTH } from '@studio/contracts';
import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';

/**
 * The voice synthesis tool's allowances and housekeeping. Which engine speaks is the spoken
 * replies' choice (SPEECH_ENGINE, speech-config.ts): the tool speaks with the voices it offers.
 * Allowances count characters of text, per plan: a day's worth (the meter `speech`) and the
 * longest text one request may carry.
 */

export interface VoicePlanLimits {
  visitor: number;
  free: number;
  pro: number;
  godmode: number;
}

export interface VoiceConfig {
  /** Characters per UTC day (the `speech` meter); 0 switches the tool off for that tier. */
  dailyLimits: VoicePlanLimits;
  /** The longest text one request may carry, per tier (never above VOICE_TEXT_MAX_LENGTH). */
  requestLimits: VoicePlanLimits;
  /**
   * Characters per UTC day all visitors behind one network address speak together
   * (VOICE_DAILY_LIMIT_PER_ADDRESS): each visitor key has the visitor limit, and this ceiling
   * keeps one address from minting keys without end.
   */
  visitorAddressCeiling: number;
  /** How many of one caller's synthesis jobs run at once; the rest wait their turn. */
  jobsPerOwner: number;
  /**
   * How long a visitor's finished clip and every job's spoken parts are kept (and the job that
   * names them): their browser keeps its own copy.
   */
  transientLifeMs: number;
}

const limit = () => wholeNumber(0, 100_000_000).optional();
const requestLimit = () => wholeNumber(100, VOICE_TEXT_MAX_LENGTH).optional();

export const voiceConfigModule = configModule({
  schema: z.object({
    VOICE_DAILY_LIMIT_VISITOR: limit(),
    VOICE_DAILY_LIMIT_FREE: limit(),
    VOICE_DAILY_LIMIT_PRO: limit(),
    VOICE_DAILY_LIMIT_GODMODE: limit(),
    VOICE_DAILY_LIMIT_PER_ADDRESS: limit(),
    VOICE_REQUEST_LIMIT_VISITOR: requestLimit(),
    VOICE_REQUEST_LIMIT_FREE: requestLimit(),
    VOICE_REQUEST_LIMIT_PRO: requestLimit(),
    VOICE_REQUEST_LIMIT_GODMODE: requestLimit(),
    VOICE_JOBS_PER_OWNER: wholeNumber(1, 16).optional(),
    VOICE_KEEP_HOURS: wholeNumber(1, 168).optional(),
  }),
  toConfig: (env): { voice: VoiceConfig } => ({
    voice: {
      dailyLimits: {
        visitor: env.VOICE_DAILY_LIMIT_VISITOR ?? 2_000,
        free: env.VOICE_DAILY_LIMIT_FREE ?? 10_000,
        pro: env.VOICE_DAILY_LIMIT_PRO ?? 200_000,
        godmode: env.VOICE_DAILY_LIMIT_GODMODE ?? 1_000_000,
      },
      requestLimits: {
        visitor: env.VOICE_REQUEST_LIMIT_VISITOR ?? 1_000,
        free: env.VOICE_REQUEST_LIMIT_FREE ?? 3_000,
        pro: env.VOICE_REQUEST_LIMIT_PRO ?? 20_000,
        godmode: env.VOICE_REQUEST_LIMIT_GODMODE ?? VOICE_TEXT_MAX_LENGTH,
      },
      // Ten visitors' worth: an office or a café, not a script minting keys.
      visitorAddressCeiling: env.VOICE_DAILY_LIMIT_PER_ADDRESS ?? 20_000,
      jobsPerOwner: env.VOICE_JOBS_PER_OWNER ?? 2,
      transientLifeMs: (env.VOICE_KEEP_HOURS ?? 24) * 60 * 60 * 1000,
    },
  }),
});
