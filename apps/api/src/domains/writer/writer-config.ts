import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';

/**
 * The content writer's allowances. Its meter `writing` counts generations and transforms a UTC
 * day (each is one, whatever its length); edits, restores and exports count nothing. The models
 * are the chat's, with the chat's deadlines (CHAT_TIMEOUT_*).
 */

export interface WriterPlanLimits {
  visitor: number;
  free: number;
  pro: number;
  godmode: number;
}

export interface WriterConfig {
  /** Generations and transforms per UTC day (the `writing` meter); 0 switches it off for a tier. */
  dailyLimits: WriterPlanLimits;
  /**
   * What all keyed visitors behind one network address write together per UTC day
   * (WRITER_DAILY_GENERATIONS_PER_ADDRESS), so one address cannot mint keys without end.
   */
  visitorAddressCeiling: number;
}

const limit = () => wholeNumber(0, 1_000_000).optional();

export const writerConfigModule = configModule({
  schema: z.object({
    WRITER_DAILY_GENERATIONS_VISITOR: limit(),
    WRITER_DAILY_GENERATIONS_FREE: limit(),
    WRITER_DAILY_GENERATIONS_PRO: limit(),
    WRITER_DAILY_GENERATIONS_GODMODE: limit(),
    WRITER_DAILY_GENERATIONS_PER_ADDRESS: limit(),
  }),
  toConfig: (env): { writer: WriterConfig } => ({
    writer: {
      dailyLimits: {
        visitor: env.WRITER_DAILY_GENERATIONS_VISITOR ?? 5,
        free: env.WRITER_DAILY_GENERATIONS_FREE ?? 20,
        pro: env.WRITER_DAILY_GENERATIONS_PRO ?? 300,
        godmode: env.WRITER_DAILY_GENERATIONS_GODMODE ?? 1000,
      },
      // Five visitors' worth: an office or a café, not a script minting keys.
      visitorAddressCeiling: env.WRITER_DAILY_GENERATIONS_PER_ADDRESS ?? 25,
    },
  }),
});
