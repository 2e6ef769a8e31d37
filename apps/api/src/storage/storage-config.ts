import path from 'node:path';
import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { httpUrlSchema, looksLikePlaceholder, secretProblems } from '../env/variables.ts';

/**
 * Where the product keeps files (chat uploads now; generated images, audio and documents
 * later): a directory on this machine by default, or an S3-compatible bucket when S3_BUCKET is
 * set (AWS S3, Cloudflare R2, MinIO, Ceph RGW, Garage). Keys come only from the environment.
 */

export interface DiskStorageConfig {
  backend: 'disk';
  /** `${DATA_DIR}/files` unless STORAGE_DISK_DIR says otherwise. */
  directory: string;
}

export interface S3StorageConfig {
  backend: 's3';
  bucket: string;
  /** null: AWS S3 of the region. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, Ceph, Garage). */
  forcePathStyle: boolean;
  /** '' or a prefix ending in '/', so one bucket can hold several deployments. */
  keyPrefix: string;
}

export interface StorageConfig {
  storage: DiskStorageConfig | S3StorageConfig;
}

const s3Variables = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_KEY_PREFIX',
] as const;

export const storageConfigModule = configModule({
  schema: z.object({
    STORAGE_DISK_DIR: z.string().optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes',
      )
      .optional(),
    S3_ENDPOINT: httpUrlSchema.optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region such as us-east-1 (R2: auto)')
      .optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_KEY_PREFIX: z
      .string()
      .refine(
        (value) =>
          /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/?$/.test(value) &&
          !value.split('/').some((segment) => segment === '.' || segment === '..'),
        'must be path segments of letters, digits, dots, dashes and underscores (e.g. studio/prod)',
      )
      .optional(),
  }),
  problems: (env, context) => {
    if (env.S3_BUCKET === undefined) {
      // A lone S3_* variable is a typo or a forgotten bucket, not a choice of the disk.
      return s3Variables
        .filter((name) => env[name] !== undefined)
        .map((name) => `${name}: is set but S3_BUCKET is not (S3_BUCKET selects S3 storage)`);
    }
    const problems: string[] = [];
    if (env.S3_ACCESS_KEY_ID === undefined) {
      problems.push('S3_ACCESS_KEY_ID: is required with S3_BUCKET');
    } else if (context.production && looksLikePlaceholder(env.S3_ACCESS_KEY_ID)) {
      problems.push('S3_ACCESS_KEY_ID: looks like a placeholder; use the key your provider issued');
    }
    if (env.S3_SECRET_ACCESS_KEY === undefined) {
      problems.push('S3_SECRET_ACCESS_KEY: is required with S3_BUCKET');
    } else if (context.production) {
      problems.push(...secretProblems('S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY, context));
    }
    return problems;
  },
  toConfig: (env, context): StorageConfig => {
    if (env.S3_BUCKET === undefined) {
      return {
        storage: {
          backend: 'disk',
          directory: path.resolve(env.STORAGE_DISK_DIR ?? path.join(context.dataDir, 'files')),
        },
      };
    }
    const prefix = env.S3_KEY_PREFIX ?? '';
    return {
      storage: {
        backend: 's3',
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT ?? null,
        region: env.S3_REGION ?? 'us-east-1',
        // problems() made sure both are there.
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        keyPrefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
      },
    };
  },
});
