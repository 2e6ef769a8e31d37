import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { problemsOf } from './support/config-problems.ts';

const production = {
  NODE_ENV: 'production',
  CSRF_SECRET: 'k7Q2v9LmX4pR8tW1zB6nC3yD5fG0hJ2s',
  AUTH_SECRET: 'P3x8Rk2Lq9Zw5Tn1Vb7Hc4Jd6Mf0Gs2Y',
  PUBLIC_URL: 'https://studio.example',
};
const s3 = {
  S3_BUCKET: 'studio-files',
  S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPL3',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzz9Q2mW4vT',
};

describe('storage configuration (src/storage/storage-config.ts)', () => {
  it('keeps files on disk under DATA_DIR by default, or where STORAGE_DISK_DIR says', () => {
    const config = loadConfig({ DATA_DIR: '/srv/studio' });
    expect(config.storage).toEqual({ backend: 'disk', directory: '/srv/studio/files' });
    expect(loadConfig({ STORAGE_DISK_DIR: 'relative/files' }).storage).toEqual({
      backend: 'disk',
      directory: path.resolve('relative/files'),
    });
  });

  it('selects S3 with S3_BUCKET: path style, a region, and a prefix ending in a slash', () => {
    expect(loadConfig({ ...s3 }).storage).toEqual({
      backend: 's3',
      bucket: 'studio-files',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: s3.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
      forcePathStyle: false,
      keyPrefix: '',
    });
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'auto',
        S3_FORCE_PATH_STYLE: 'true',
        S3_KEY_PREFIX: 'studio/prod',
      }).storage,
    ).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'auto',
      forcePathStyle: true,
      keyPrefix: 'studio/prod/',
    });
  });

  it('refuses S3 settings without a bucket, a bucket without keys, and bad shapes', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_ENDPOINT: is set but S3_BUCKET is not (S3_BUCKET selects S3 storage)',
    ]);
    expect(problemsOf({ S3_BUCKET: 'studio-files' })).toEqual([
      'S3_ACCESS_KEY_ID: is required with S3_BUCKET',
      'S3_SECRET_ACCESS_KEY: is required with S3_BUCKET',
    ]);
    const shapes = problemsOf({
      S3_BUCKET: 'Not_A_Bucket',
      S3_ENDPOINT: 'minio:9000',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_KEY_PREFIX: '../up',
    }).map((problem) => problem.split(':')[0]);
    expect(shapes).toEqual(['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_KEY_PREFIX']);
  });

  it('in production, refuses a weak or placeholder secret key and a placeholder key id, never echoing them', () => {
    expect(loadConfig({ ...production, ...s3 }).storage.backend).toBe('s3');
    const weak = problemsOf({ ...production, ...s3, S3_SECRET_ACCESS_KEY: 'minioadmin' });
    expect(weak).toEqual([expect.stringMatching(/^S3_SECRET_ACCESS_KEY: must be at least 32/)]);
    expect(weak.join()).not.toContain('minioadmin');
    expect(
      problemsOf({
        ...production,
        ...s3,
        S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
        S3_SECRET_ACCESS_KEY: 'changeme-changeme-changeme-changeme-1234',
      }),
    ).toEqual([
      'S3_ACCESS_KEY_ID: looks like a placeholder; use the key your provider issued',
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: looks like a placeholder/),
    ]);
    // Outside production a local server's short keys are fine (MinIO's minioadmin, s3rver's).
    expect(loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: 'minioadmin' }).storage.backend).toBe('s3');
  });
});
