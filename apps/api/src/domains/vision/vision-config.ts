import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';

/**
 * The vision tool's allowances and housekeeping. Its meter `vision` counts pictures read a day
 * (each read is one, whatever its size); answers about a read picture count as chat messages (the
 * chat's meter), since they are the chat's models at work. The OCR engine's own settings are the
 * provider layer's (OCR_*), the pictures' limits the uploads' (UPLOAD_*).
 */

export interface VisionPlanLimits {
  visitor: number;
  free: number;
  pro: number;
  godmode: number;
}

export interface VisionConfig {
  /** Pictures read per UTC day (the `vision` meter); 0 switches reading off for that tier. */
  dailyLimits: VisionPlanLimits;
  /**
   * Pictures per UTC day all visitors behind one network address read together
   * (VISION_DAILY_READS_PER_ADDRESS): each visitor key has the visitor limit, and this ceiling
   * keeps one address from minting keys without end.
   */
  visitorAddressCeiling: number;
  /** How long a visitor's read (its picture, text and answers) is kept. */
  transientLifeMs: number;
}

const limit = () => wholeNumber(0, 1_000_000).optional();

export const visionConfigModule = configModule({
  schema: z.object({
    VISION_DAILY_READS_VISITOR: limit(),
    VISION_DAILY_READS_FREE: limit(),
    VISION_DAILY_READS_PRO: limit(),
    VISION_DAILY_READS_GODMODE: limit(),
    VISION_DAILY_READS_PER_ADDRESS: limit(),
    VISION_KEEP_HOURS: wholeNumber(1, 168).optional(),
  }),
  toConfig: (env): { vision: VisionConfig } => ({
    vision: {
      dailyLimits: {
        visitor: env.VISION_DAILY_READS_VISITOR ?? 10,
        free: env.VISION_DAILY_READS_FREE ?? 30,
        pro: env.VISION_DAILY_READS_PRO ?? 300,
        godmode: env.VISION_DAILY_READS_GODMODE ?? 1000,
      },
      // Five visitors' worth: an office or a café, not a script minting keys.
      visitorAddressCeiling: env.VISION_DAILY_READS_PER_ADDRESS ?? 50,
      transientLifeMs: (env.VISION_KEEP_HOURS ?? 24) * 60 * 60 * 1000,
    },
  }),
});
