import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';

/** Chat quotas and provider patience. */
export interface ChatConfig {
  /** Messages per UTC day: visitors (per hashed IP address), free and pro users (per account). */
  dailyLimits: { visitor: number; free: number; pro: number; godmode: number };
  /**
   * The total cap: how long one model answer (or rewrite) may take, however steadily it streams,
   * before it is abandoned with a timeout error (CHAT_TIMEOUT_SECONDS).
   */
  timeoutMs: number;
  /**
   * How long a streamed answer may go without a new piece (CHAT_IDLE_TIMEOUT_SECONDS): a provider
   * that goes silent is given up long before the total cap.
   */
  idleTimeoutMs: number;
}

export const chatConfigModule = configModule({
  schema: z.object({
    CHAT_DAILY_LIMIT_VISITOR: wholeNumber(0, 1_000_000).optional(),
    CHAT_DAILY_LIMIT_FREE: wholeNumber(0, 1_000_000).optional(),
    CHAT_DAILY_LIMIT_PRO: wholeNumber(0, 1_000_000).optional(),
    CHAT_DAILY_LIMIT_GODMODE: wholeNumber(0, 1_000_000).optional(),
    CHAT_TIMEOUT_SECONDS: wholeNumber(1, 86_400).optional(),
    CHAT_IDLE_TIMEOUT_SECONDS: wholeNumber(1, 3_600).optional(),
  }),
  toConfig: (env): { chat: ChatConfig } => ({
    chat: {
      dailyLimits: {
        visitor: env.CHAT_DAILY_LIMIT_VISITOR ?? 20,
        free: env.CHAT_DAILY_LIMIT_FREE ?? 100,
        pro: env.CHAT_DAILY_LIMIT_PRO ?? 2000,
        godmode: env.CHAT_DAILY_LIMIT_GODMODE ?? 10_000,
      },
      // The total cap was the only clock (120 s) until replies got an idle clock: a long answer
      // that keeps streaming is no longer cut at two minutes.
      timeoutMs: (env.CHAT_TIMEOUT_SECONDS ?? 600) * 1000,
      idleTimeoutMs: (env.CHAT_IDLE_TIMEOUT_SECONDS ?? 60) * 1000,
    },
  }),
});
