import path from 'node:path';
import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { parseUrl } from '../env/variables.ts';

/** Which database: the embedded SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set. */

export type DatabaseConfig =
  { driver: 'sqlite'; file: string } | { driver: 'postgres'; url: string; schema: string };

export const databaseConfigModule = configModule({
  schema: z.object({
    DATABASE_URL: z
      .string()
      .refine(
        (value) => /^postgres(ql)?:$/.test(parseUrl(value)?.protocol ?? ''),
        'must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
      )
      .optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier')
      .optional(),
  }),
  toConfig: (env, context): { database: DatabaseConfig } => ({
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA ?? 'public' }
      : { driver: 'sqlite', file: path.join(context.dataDir, 'studio.sqlite') },
  }),
});
