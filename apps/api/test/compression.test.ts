import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { chatSendRequest } from '@studio/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compressionPlugin,
  compressionThresholdBytes,
} from '../src/plugins/external/compression.ts';
import { chatUser, parseEvents, sendBody, useChatTestApp } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

/** JSON of about `bytes` bytes that compresses well, as API answers do. */
function jsonOf(bytes: number) {
  const items = Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({
    id: i,
    title: 'A conversation about Hà Nội',
  }));
  return { items };
}

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

const varyOf = (headers: Record<string, unknown>) =>
  String(headers['vary'] ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase());

describe('the compression plugin', () => {
  const app = Fastify();
  const big = jsonOf(4 * compressionThresholdBytes);
  const huge = jsonOf(400 * 1024);
  beforeAll(async () => {
    await app.register(compressionPlugin);
    app.get('/big', async () => big);
    app.get('/huge', async () => huge);
    app.get('/small', async () => ({ ok: true }));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
    app.get('/problem', async (_request, reply) =>
      reply.type('application/problem+json').send(JSON.stringify(big)),
    );
    app.get('/stream', async (_request, reply) =>
      reply.type('application/json').send(Readable.from([JSON.stringify(big)])),
    );
    app.get('/encoded', async (_request, reply) =>
      reply
        .type('application/json')
        .header('content-encoding', 'gzip')
        .send(gzipSync(JSON.stringify(big))),
    );
    app.get('/varies', async (_request, reply) => reply.header('vary', 'Origin').send(big));
    app.get('/api/auth/session', async () => big);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['BR;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
  ])('answers JSON above the threshold to "%s" in %s', async (accept, encoding) => {
    const response = await get('/big', accept);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(varyOf(response.headers)).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(decoded(encoding, response.rawPayload))).toEqual(big);
  });

  it.each([[undefined], ['identity'], ['deflate'], ['br;q=0, gzip;q=0']])(
    'answers a client accepting %s as it is, still saying it varies',
    async (accept) => {
      const response = await get('/big', accept);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varyOf(response.headers)).toContain('accept-encoding');
      expect(response.json()).toEqual(big);
    },
  );

  it('compresses a large answer off the event loop just the same', async () => {
    const response = await get('/huge', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded('br', response.rawPayload))).toEqual(huge);
  });

  it('compresses JSON types with a suffix (application/problem+json)', async () => {
    const response = await get('/problem', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD with the headers GET would have', async () => {
    const [head, full] = [await get('/big', 'br', 'HEAD'), await get('/big', 'br')];
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it.each([
    ['a small answer', '/small'],
    ['text that is not JSON', '/text'],
    ['a stream (event streams, files, stored media)', '/stream'],
    ['a sign-in answer (tokens next to what the caller sent: BREACH)', '/api/auth/session'],
  ])('leaves %s alone', async (_name, url) => {
    const response = await get(url, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varyOf(response.headers)).not.toContain('accept-encoding');
  });

  it('never compresses an answer twice', async () => {
    const response = await get('/encoded', 'br');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(big);
  });

  it('adds to the Vary a route set', async () => {
    const response = await get('/varies', 'br');
    expect(response.headers['vary']).toBe('Origin, accept-encoding');
  });
});

const script = `export const greeting = "Xin chào";\n`.repeat(200);
const locale = JSON.stringify({ hello: 'Xin chào', welcome: 'Chào mừng bạn '.repeat(100) });
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

/** A built SPA with the siblings the build writes (packages/devtools/src/precompress.mjs). */
async function builtSpa(): Promise<string> {
  const dist = path.join(await mkdtemp(path.join(tmpdir(), 'studio-api-compressed-')), 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, 'locales/vi'), { recursive: true });
  const withSiblings = async (file: string, body: string) => {
    await writeFile(path.join(dist, file), body);
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(body));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(body, { level: 9 }));
  };
  await withSiblings('index.html', indexHtml);
  await withSiblings('assets/app-1a2b3c.js', script);
  await withSiblings('locales/vi/common.json', locale);
  // Too small for the build to compress: no siblings.
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

const asset = '/assets/app-1a2b3c.js';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const dist = await builtSpa();
afterAll(() => rm(path.dirname(dist), { recursive: true, force: true }));

describe.each(databaseKinds)('the SPA and the API compressed on %s', (kind) => {
  const t = useTestApp(kind, { WEB_DIST_DIR: dist, LOCALES_DIR: path.join(dist, 'locales') });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
  ])(
    'sends a built script to a client accepting "%s" as its %s sibling',
    async (accept, encoding) => {
      const response = await get(asset, { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
      expect(varyOf(response.headers)).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(script.length / 10);
      expect(decoded(encoding, response.rawPayload)).toBe(script);
    },
  );

  it('sends the file itself to a client that accepts no encoding', async () => {
    const response = await get(asset);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varyOf(response.headers)).toContain('accept-encoding');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(response.body).toBe(script);
  });

  it('gives each encoding its own ETag, and revalidates it', async () => {
    const [br, identity] = [await get(asset, { 'accept-encoding': 'br' }), await get(asset)];
    const etag = String(br.headers['etag']);
    expect(etag).not.toBe(String(identity.headers['etag']));
    const revalidated = await get(asset, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves byte ranges of the representation it selected', async () => {
    const identity = await get(asset, { range: 'bytes=0-9' });
    expect(identity.statusCode).toBe(206);
    expect(identity.body).toBe(script.slice(0, 10));
    expect(identity.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(script)}`);

    const whole = (await get(asset, { 'accept-encoding': 'br' })).rawPayload;
    const br = await get(asset, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-9/${whole.length}`);
    expect(br.rawPayload).toEqual(whole.subarray(0, 10));
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: asset,
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(
      (await get(asset, { 'accept-encoding': 'br' })).rawPayload.length,
    );
    expect(response.rawPayload.length).toBe(0);
  });

  it('sends the translations compressed', async () => {
    const response = await get('/locales/vi/common.json', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(varyOf(response.headers)).toContain('accept-encoding');
    expect(JSON.parse(decoded('br', response.rawPayload))).toEqual(JSON.parse(locale));
  });

  it.each(['/', '/plans', '/share/abc123'])('sends the app shell at %s compressed', async (url) => {
    const response = await get(url, { ...html, 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(varyOf(response.headers)).toContain('accept-encoding');
    expect(decoded('br', response.rawPayload)).toBe(indexHtml);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    [undefined, undefined],
  ])(
    'answers / to a client that asks for anything (*/*) and accepts %s',
    async (accept, encoding) => {
      const response = await get('/', {
        accept: '*/*',
        ...(accept === undefined ? {} : { 'accept-encoding': accept }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(decoded(encoding, response.rawPayload)).toBe(indexHtml);
    },
  );

  it('sends a file the build left uncompressed as it is', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<svg');
  });

  it.each([`${asset}.br`, `${asset}.gz`, '/index.html.br'])(
    'never serves the sibling %s as a file of its own',
    async (url) => {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(404);
    },
  );

  it('compresses JSON from the API above the threshold (the OpenAPI document)', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(compressionThresholdBytes);
    const response = await get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyOf(response.headers)).toContain('accept-encoding');
    expect(JSON.parse(decoded('br', response.rawPayload))).toEqual(plain.json());
  });

  it('compresses /config.json, which the SPA reads before anything else', async () => {
    const plain = await get('/config.json');
    // With the sandbox identity service's metadata in it, it is just over the threshold.
    expect(plain.body.length).toBeGreaterThanOrEqual(compressionThresholdBytes);
    const response = await get('/config.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(varyOf(response.headers)).toContain('accept-encoding');
    expect(JSON.parse(decoded('br', response.rawPayload))).toEqual(plain.json());
  });

  it('sends a small JSON answer as it is', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe.each(databaseKinds)('a streamed chat reply on %s', (kind) => {
  const { t, models } = useChatTestApp(kind);

  it('is never compressed, and each event arrives as it is written', async () => {
    const user = await chatUser(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // The model writes two pieces, then waits: what arrives before the end was not held back.
    models.model('text-model').next({ kind: 'hang', chunks: ['Once upon ', 'a time'] });

    const request = http.request(`${address}/api/chat/stream`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br, zstd',
        authorization: `Bearer ${user.bearer}`,
      },
    });
    request.end(JSON.stringify(chatSendRequest.parse(sendBody({ Message: 'Tell a story' }))));
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      request.on('response', resolve),
    );
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      expect(response.headers['content-encoding']).toBeUndefined();
      let text = '';
      for await (const chunk of response) {
        text += String(chunk);
        if (text.includes('a time')) break;
      }
      const events = parseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2));
      expect(events.map((event) => event.type)).toEqual(['start', 'delta', 'delta']);
      expect(response.complete).toBe(false);
    } finally {
      request.destroy();
    }
  });
});
