import crypto, { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';

/**
 * An S3-compatible server on loopback for the tests: s3rver (from npm, a real HTTP server that
 * checks signatures and keeps objects in a directory), on a free port with a fresh bucket and a
 * key pair of its own. Self-contained: any test (the storage contract, the API suites, the
 * production-server test) starts one, points the app at it with `env`, and stops it.
 */
export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that point loadConfig at this server (path-style, as s3rver needs). */
  env: Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted (each leaves parts behind). */
  pendingMultipartUploads(): Promise<number>;
  /** Stops the server, drops its open connections and removes its files; idempotent. */
  stop(): Promise<void>;
}

/**
 * s3rver makes ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17+)
 * only has in its legacy provider: any listing with more than one page answered 500. Triple DES
 * with three equal keys is single DES, bit for bit, and is in the default provider: map that one
 * cipher, nothing else. Idempotent (several servers in one test process).
 */
function allowSingleDesForS3rver() {
  const marker = Symbol.for('studio.s3rver.des');
  const patched = crypto as typeof crypto & { [marker]?: true };
  if (patched[marker]) return;
  patched[marker] = true;
  const { createCipheriv, createDecipheriv } = crypto;
  const tripled = (key: crypto.CipherKey) =>
    Buffer.concat(Array(3).fill(Buffer.from(key as Buffer)));
  patched.createCipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike) =>
    algorithm === 'des'
      ? createCipheriv('des-ede3-cbc', tripled(key), iv)
      : createCipheriv(algorithm, key, iv)) as typeof crypto.createCipheriv;
  patched.createDecipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike) =>
    algorithm === 'des'
      ? createDecipheriv('des-ede3-cbc', tripled(key), iv)
      : createDecipheriv(algorithm, key, iv)) as typeof crypto.createDecipheriv;
}

/** Where s3rver's filesystem store keeps the parts of unfinished multipart uploads. */
const uploadsDirOf = (directory: string, bucket: string) =>
  path.join(directory, bucket, '._S3rver_uploads');

export interface S3TestServerOptions {
  /**
   * Answers 500 to every listing that is cut into pages, as plain s3rver does on Node 17+ (the
   * patch above makes its tokens work in this process): for what must work on such a server.
   */
  failPagedListings?: boolean;
}

export async function startS3Server(options: S3TestServerOptions = {}): Promise<S3TestServer> {
  allowSingleDesForS3rver();
  const directory = await mkdtemp(path.join(tmpdir(), 'studio-s3rver-'));
  const bucket = `studio-test-${randomBytes(4).toString('hex')}`;
  // Strong-looking keys, as production checks them (s3rver itself accepts any registered pair).
  const accessKeyId = `AKTEST${randomBytes(7).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString('base64url');
  s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);

  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: process.env.S3RVER_LOG !== '1',
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver 3.7 has no AbortMultipartUpload (DELETE ?uploadId answers MethodNotAllowed), which
  // @aws-sdk/lib-storage sends when a streamed put fails. Answer it as S3 does: the parts go, 204.
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query['uploadId'];
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    if (!/^[0-9a-f]{32}$/.test(uploadId)) {
      ctx.status = 404;
      return;
    }
    const [, bucketName] = ctx.path.split('/');
    if (bucketName !== bucket) {
      ctx.status = 404;
      return;
    }
    await rm(path.join(uploadsDirOf(directory, bucket), uploadId), {
      recursive: true,
      force: true,
    });
    ctx.status = 204;
  });

  if (options.failPagedListings) {
    server.middleware.unshift(async (ctx, next) => {
      await next();
      const listing = ctx.method === 'GET' && ctx.query['list-type'] === '2';
      if (listing && /<IsTruncated>true<\/IsTruncated>/.test(String(ctx.body))) {
        ctx.status = 500;
        ctx.body = '<Error><Code>InternalError</Code></Error>';
      }
    });
  }

  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped = false;

  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async pendingMultipartUploads() {
      const entries = await readdir(uploadsDirOf(directory, bucket)).catch(() => []);
      return entries.length;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Clients keep sockets alive; close() alone would wait for them to time out.
      server.httpServer?.closeAllConnections();
      await server.close();
      s3rverAccounts.DUMMY_ACCOUNT.revokeAccessKey(accessKeyId);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
