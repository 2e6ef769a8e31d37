import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  readinessResponse,
  sessionResponse,
  uploadResponse,
  type SessionResponse,
} from '@studio/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../support/databases.ts';
import { type S3TestServer, startS3Server } from '../support/s3-server.ts';
import { freePort } from '../support/ports.ts';
import { waitFor } from '../support/wait-for.ts';

/*
 * The production tree that build-production.mjs lays out (CI builds it once, in the step that
 * runs this file), started with plain `node` and NODE_ENV=production on PostgreSQL, Redis and an
 * S3-compatible server on loopback, and driven over HTTP as a browser would: the bundle, its
 * production dependencies and its default paths are what is under test, not the sources.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tree = path.resolve(process.env['PRODUCTION_TREE'] ?? path.join(repoRoot, 'dist/production'));
const serverJs = path.join(tree, 'apps/api/dist/server.js');
const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const graceSeconds = 40;

const secret = () => randomBytes(36).toString('base64url');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** `node --enable-source-maps <tree>/apps/api/dist/server.js`, with only the given environment. */
function startCompiled(env: Record<string, string>, cwd: string): Run {
  const child = spawn(process.execPath, ['--enable-source-maps', serverJs], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** Reads a server-sent event stream's text as it arrives; `until` resolves at the first match. */
function follow(response: Response) {
  let text = '';
  const waiters: { pattern: string; resolve: () => void }[] = [];
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no response body');
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return text;
      text += decoder.decode(value, { stream: true });
      for (const waiter of waiters.filter((w) => text.includes(w.pattern))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  })();
  return {
    done,
    until: (pattern: string) =>
      text.includes(pattern)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ pattern, resolve })),
  };
}

const scratch = await mkdtemp(path.join(tmpdir(), 'studio-compiled-'));
// A database of its own, not only a schema: dropping a schema while another suite migrates
// breaks that suite's catalogue read (test/support/databases.ts), and CI runs this file beside
// the API suites. Its schema is not public, as a deployment's may not be.
const database = `studio_prod_test_${randomBytes(4).toString('hex')}`;
const schema = 'studio';
const databaseUrl = Object.assign(new URL(testDatabaseUrl), { pathname: `/${database}` }).href;
const keyPrefix = `prod-test-${randomBytes(4).toString('hex')}`;
const metricsToken = secret();
let s3: S3TestServer | undefined;
let server: Run | undefined;
let port = 0;
let base = '';

/** A connection to the test server's own database, to create and drop this file's. */
async function withAdmin(work: (db: pg.Client) => Promise<unknown>): Promise<void> {
  const db = new pg.Client({ connectionString: testDatabaseUrl });
  await db.connect();
  try {
    await work(db);
  } finally {
    await db.end();
  }
}

function productionEnv(): Record<string, string> {
  if (!s3) throw new Error('the S3 server is not running');
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: secret(),
    CSRF_SECRET: secret(),
    METRICS_TOKEN: metricsToken,
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    DATA_DIR: path.join(scratch, 'data'),
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    ...s3.env,
  };
}

beforeAll(async () => {
  if (!existsSync(serverJs)) {
    throw new Error(
      `No production tree at ${tree}: build it first with npm run build:prod (or set PRODUCTION_TREE).`,
    );
  }
  await withAdmin((db) => db.query(`create database ${database}`));
  s3 = await startS3Server();
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Started from an unrelated directory: every path comes from the tree itself.
  server = startCompiled(productionEnv(), scratch);
  const run = server;
  await waitFor(
    () => run.stdout().includes('AI Studio is running at') || run.child.exitCode !== null,
    60_000,
    'the compiled server to start',
  );
  if (run.child.exitCode !== null) {
    throw new Error(`the compiled server exited: ${run.stderr()}${run.stdout()}`);
  }
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await s3?.stop();
  await withAdmin((db) => db.query(`drop database if exists ${database} with (force)`));
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await rm(scratch, { recursive: true, force: true });
}, 30_000);

async function latestCode(email: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let code: string | undefined;
    await waitFor(
      async () => {
        const { rows } = await db.query<{ text_body: string }>(
          `select text_body from ${schema}.mail_outbox where to_address = $1 order by id desc limit 1`,
          [email],
        );
        code = /\b(\d{6})\b/.exec(rows[0]?.text_body ?? '')?.[1];
        return code !== undefined;
      },
      15_000,
      `the sign-in code mailed to ${email}`,
    );
    return code ?? '';
  } finally {
    await db.end();
  }
}

describe('the compiled production server (node apps/api/dist/server.js)', () => {
  let session: SessionResponse;
  const bearer = () => ({ authorization: `Bearer ${session.accessToken}` });

  it('refuses to start with a placeholder secret, saying which', async () => {
    const run = startCompiled(
      { ...productionEnv(), PORT: String(await freePort()), AUTH_SECRET: 'changeme-'.repeat(5) },
      scratch,
    );
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(/AUTH_SECRET: looks like a placeholder/);
  });

  it('is live and ready: PostgreSQL, Redis and the object store answer', async () => {
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    const ready = await fetch(`${base}/api/health/ready`);
    const body = readinessResponse.parse(await ready.json());
    expect(ready.status, JSON.stringify(body)).toBe(200);
    expect(body.checks.map((check) => check.name).sort()).toEqual([
      'database',
      'object-store',
      'redis',
    ]);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
  });

  it('draws the pages visitors land on with the renderer the production tree carries', async () => {
    // It draws them as it starts listening: / arrives drawn once they are done.
    const drawn = async () => {
      const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
      return page.text();
    };
    await expect.poll(drawn, { timeout: 30_000 }).toContain('<div id="prerendered"');
    const html = await drawn();
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js" data-app-entry>/,
    );
    expect(html).toContain('<h1');
  });

  it("sends the SPA's files as the build's Brotli siblings", async () => {
    const accept = { 'accept-encoding': 'gzip, deflate, br' };
    // A page the server does not draw: the plain shell, with its module entry script.
    const page = await fetch(`${base}/help`, { headers: { ...accept, accept: 'text/html' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    // fetch decodes the body; the entry script's URL is in it.
    const entry = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(
      await page.text(),
    )?.[1];
    if (!entry) throw new Error('no entry script in index.html');
    const dist = path.join(tree, 'apps/web/dist');
    expect(existsSync(path.join(dist, `${entry}.br`))).toBe(true);
    expect(existsSync(path.join(dist, `${entry}.gz`))).toBe(true);

    const script = await fetch(`${base}/${entry}`, { headers: accept });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('vary')).toContain('accept-encoding');
    expect(await script.text()).toBe(await readFile(path.join(dist, entry), 'utf8'));
  });

  it('signs in with an e-mail code', async () => {
    const email = `prod-${randomBytes(4).toString('hex')}@example.com`;
    const json = { 'content-type': 'application/json' };
    const requested = await fetch(`${base}/api/auth/request-code`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email }),
    });
    expect(requested.status, await requested.clone().text()).toBe(202);
    const verified = await fetch(`${base}/api/auth/verify-code`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, code: await latestCode(email) }),
    });
    expect(verified.status).toBe(200);
    session = sessionResponse.parse(await verified.json());
  });

  it('keeps an uploaded image in the S3 bucket and serves it back to its owner', async () => {
    const png = await sharp({
      create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
    const uploaded = await fetch(`${base}/api/chat/upload`, {
      method: 'POST',
      headers: bearer(),
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { imageUrl } = uploadResponse.parse(await uploaded.json());

    const served = await fetch(new URL(imageUrl, base), { headers: bearer() });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await fetch(new URL(imageUrl, base))).status).toBe(401);

    if (!s3) throw new Error('no S3 server');
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    client.destroy();
    expect(listed.Contents?.map((object) => object.Key)).toEqual([
      expect.stringMatching(new RegExp(`^users/${session.user.id}/uploads/[0-9a-f]{32}\\.png$`)),
    ]);
  });

  it('streams a spoken chat reply, and counts it in /metrics behind the token', async () => {
    const response = await fetch(`${base}/api/chat/stream`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      // Spoken too, sentence by sentence: the Flite worker (and eSpeak's) that the bundle starts
      // resolves from the tree's node_modules.
      body: JSON.stringify({
        Message: 'Hello from production',
        ModelId: 'sandbox',
        ReturnAudio: true,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    expect(text).toContain('event: delta');
    // The first sentence, spoken on its own, as MP3.
    expect(text).toMatch(
      /event: speech\nid: \d+\ndata: \{"format":"mp3","mimeType":"audio\/mpeg","data":"[^"]+","voice":"flite:rms","index":0,"text":"[^"]+"\}/,
    );
    expect(text).toContain('event: done');

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.status).toBe(200);
    const exposition = await metrics.text();
    expect(exposition).toMatch(/chat_time_to_first_token_seconds_count\{model="sandbox"\} 1/);
    expect(exposition).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/chat\/upload",status="200"\} 1/,
    );
    expect(exposition).toMatch(/^process_resident_memory_bytes /m);
  });

  it('drains on SIGTERM: the reply in flight completes, new connections are refused, exit 0', async () => {
    const run = server;
    if (!run) throw new Error('no server');
    const response = await fetch(`${base}/api/chat/stream`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      // The sandbox model's [slow] streams about 300 ms per word: this reply takes about 15 s.
      body: JSON.stringify({ Message: '[slow] tell me a story', ModelId: 'sandbox' }),
    });
    expect(response.status).toBe(200);
    const stream = follow(response);
    await stream.until('event: delta');

    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    await waitFor(() => refused(port), 5_000, 'new connections to be refused');

    const text = await stream.done;
    const finishedAt = Date.now();
    expect(text).toContain('event: done');
    expect(await run.exited).toBe(0);
    // It waited for the reply (a few seconds), not for the grace period to run out.
    expect(finishedAt - signalledAt).toBeGreaterThan(500);
    expect(Date.now() - signalledAt).toBeLessThan(graceSeconds * 1000);
    expect(run.stderr()).not.toMatch(/took longer|exiting without waiting/);
  }, 120_000);
});
