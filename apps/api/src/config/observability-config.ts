import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { secretWeakness } from '../env/variables.ts';

/**
 * What the product says about itself to its operators: `GET /metrics` (Prometheus). The metrics
 * name routes, models and queues and count traffic: nothing a visitor should read. With
 * METRICS_TOKEN set, a scraper sends `Authorization: Bearer <token>` (in every mode); without
 * it, production does not expose /metrics at all (404) and development and test serve it to
 * loopback clients only.
 */

export interface ObservabilityConfig {
  metrics: {
    /** The bearer token a scraper sends; null: no token (see above). */
    token: string | null;
    /** Without a token, whether loopback clients may read /metrics (never in production). */
    openOnLoopback: boolean;
  };
}

export const observabilityConfigModule = configModule({
  schema: z.object({
    METRICS_TOKEN: z.string().optional(),
  }),
  problems: (env) => {
    if (env.METRICS_TOKEN === undefined) return [];
    const weakness = secretWeakness(env.METRICS_TOKEN);
    return weakness ? [`METRICS_TOKEN: ${weakness}`] : [];
  },
  toConfig: (env, context, warn): ObservabilityConfig => {
    if (context.production && env.METRICS_TOKEN === undefined) {
      warn('METRICS_TOKEN is not set: GET /metrics is not exposed (404).');
    }
    return {
      metrics: {
        token: env.METRICS_TOKEN ?? null,
        openOnLoopback: !context.production,
      },
    };
  },
});
