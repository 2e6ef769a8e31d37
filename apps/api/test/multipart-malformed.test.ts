import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * A body that is not multipart/form-data at all is the client's mistake (issue 22 §8): 400 with
 * §8's text on every multipart route, logged as a refusal (never an error with a stack), with
 * nothing kept and the server still answering.
 */

const malformedAnswer = {
  message: 'Invalid request. Please check your input.',
  errors: [
    'body: is not complete multipart/form-data (a boundary in Content-Type, each part framed by it, then the closing boundary)',
  ],
};

const visitorKey = 'Vk'.repeat(21) + 'x';

/**
 * Every route that takes a body (POST, PUT, PATCH), read from Fastify's route tree, so a route
 * added later is covered without an edit here.
 */
function bodyRoutes(app: App): { method: 'POST' | 'PUT' | 'PATCH'; url: string }[] {
  const routes: { method: 'POST' | 'PUT' | 'PATCH'; url: string }[] = [];
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    // "├── /api/auth/register (POST)" with "│   └── /confirm (POST)" beneath it.
    const parents: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false, method }).split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
      if (!match) continue;
      const depth = (match[1] ?? '').length / 4;
      const url = `${parents[depth - 1] ?? ''}${match[2] ?? ''}`;
      parents[depth] = url;
      parents.length = depth + 1;
      if (match[3]?.split(', ').includes(method)) {
        routes.push({ method, url: url.replaceAll(/:\w+/g, 'x') });
      }
    }
  }
  return routes;
}

const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

/** Bodies busboy cannot read as a form, with the Content-Type they were sent with. */
const malformed: [string, string, string][] = [
  ['no boundary', 'multipart/form-data', `${part('x')}abc\r\n--x--\r\n`],
  ['an empty boundary', 'multipart/form-data; boundary=', `${part('x')}abc\r\n--x--\r\n`],
  ['no closing boundary (a truncated body)', 'multipart/form-data; boundary=x', `${part('x')}abc`],
  ['no part at all', 'multipart/form-data; boundary=x', 'just some text'],
  ['a part cut inside its headers', 'multipart/form-data; boundary=x', '--x\r\nContent-Disp'],
];

/** The levels of the log lines written since `from`: 30 info, 40 warn, 50 error. */
function levelsSince(logs: string[], from: number): number[] {
  return logs.slice(from).map((line) => (JSON.parse(line) as { level: number }).level);
}

describe.each(databaseKinds)('malformed multipart bodies on %s', (kind) => {
  const t = useTestApp(kind, { ...relaxedAuthLimits, LOG_LEVEL: 'info' });
  let bearer = '';
  beforeAll(async () => {
    bearer = (await chatUser(t.app, `multipart-${kind}`)).bearer;
  });

  /** What a refused request must not leave behind: stored files, uploads, images, quota holds. */
  async function keptState() {
    const objects: string[] = [];
    for await (const object of t.app.storage.list()) objects.push(object.key);
    const count = async (table: 'chat_uploads' | 'images' | 'quota_holds') =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      objects,
      uploads: await count('chat_uploads'),
      images: await count('images'),
      holds: await count('quota_holds'),
    };
  }

  const headers = (contentType: string) => ({
    'content-type': contentType,
    authorization: `Bearer ${bearer}`,
    'x-visitor-key': visitorKey,
  });

  it.each(malformed)(
    'answers %s with 400 and §8 text on the multipart routes, and never 5xx on any route',
    async (_label, contentType, payload) => {
      const before = await keptState();
      const routes = bodyRoutes(t.app);
      expect(routes.length).toBeGreaterThan(20);
      const answeredMalformed: string[] = [];
      for (const { method, url } of routes) {
        const route = `${method} ${url}`;
        const from = t.logs.length;
        const response = await t.app.inject({
          method,
          url,
          payload,
          headers: headers(contentType),
        });
        expect(response.statusCode, `${route}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode === 400) {
          expect(response.json(), route).toEqual(malformedAnswer);
          answeredMalformed.push(url);
        }
        const lines = t.logs.slice(from);
        expect(
          Math.max(...levelsSince(t.logs, from)),
          `${route}: ${lines.join('\n')}`,
        ).toBeLessThan(50);
        expect(lines.join('\n'), route).not.toContain('"stack"');
      }
      expect(answeredMalformed.sort()).toEqual([
        '/api/chat/upload',
        '/api/images/generations',
        '/api/library/imports',
        '/api/office/documents',
        '/api/vision/reads',
        '/api/voice/transcriptions',
      ]);
      expect(await keptState()).toEqual(before);
    },
  );

  it('names what a route takes when the Content-Type is wrong (415)', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      payload: 'hello',
      headers: headers('text/plain'),
    });
    expect(upload.statusCode).toBe(415);
    expect(upload.json()).toEqual({
      message: 'Unsupported content type. Send multipart/form-data.',
    });
    const generation = await t.app.inject({
      method: 'POST',
      url: '/api/images/generations',
      payload: '--x--\r\n',
      headers: headers('multipart/mixed; boundary=x'),
    });
    expect(generation.statusCode).toBe(415);
    expect(generation.json()).toEqual({
      message: 'Unsupported content type. Send JSON or multipart/form-data.',
    });
  });

  describe('over a real connection', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      port = (t.app.server.address() as AddressInfo).port;
    });

    /** Writes raw bytes on a fresh socket; resolves with what the server sent before it closed. */
    async function raw(write: (socket: Socket) => void, { hangUp = false } = {}) {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      write(socket);
      if (hangUp) {
        // The client goes away mid-body: give the server a moment to see it, then close.
        await new Promise((resolve) => setTimeout(resolve, 100));
        socket.destroy();
        await once(socket, 'close');
        return '';
      }
      await once(socket, 'close');
      return Buffer.concat(received).toString('latin1');
    }

    const request = (url: string, contentType: string, length: number | 'chunked') =>
      [
        `POST ${url} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Content-Type: ${contentType}`,
        `Authorization: Bearer ${bearer}`,
        `X-Visitor-Key: ${visitorKey}`,
        length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n');

    it.each([
      '/api/chat/upload',
      '/api/images/generations',
      '/api/library/imports',
      '/api/office/documents',
      '/api/vision/reads',
      '/api/voice/transcriptions',
    ])('%s: a chunked body that ends without its closing boundary gets 400', async (url) => {
      const body = `${part('x')}abc`;
      const from = t.logs.length;
      const answer = await raw((socket) => {
        socket.write(request(url, 'multipart/form-data; boundary=x', 'chunked'));
        socket.write(`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain(malformedAnswer.errors[0]);
      expect(Math.max(...levelsSince(t.logs, from))).toBeLessThan(50);
    });

    it.each([
      '/api/chat/upload',
      '/api/images/generations',
      '/api/library/imports',
      '/api/voice/transcriptions',
    ])(
      '%s: a client that hangs up mid-body is no server error, and the server carries on',
      async (url) => {
        const before = await keptState();
        const from = t.logs.length;
        await raw(
          (socket) => {
            socket.write(request(url, 'multipart/form-data; boundary=x', 100_000));
            socket.write(`${part('x')}${'a'.repeat(1000)}`);
          },
          { hangUp: true },
        );
        // The server notices the hang-up on its own time; wait for its log line.
        await expect
          .poll(() => levelsSince(t.logs, from).length, { timeout: 5_000 })
          .toBeGreaterThan(0);
        expect(Math.max(...levelsSince(t.logs, from)), t.logs.slice(from).join('\n')).toBeLessThan(
          50,
        );
        expect(await keptState()).toEqual(before);

        const png = await sharp({
          create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
        })
          .png()
          .toBuffer();
        const good = Buffer.concat([Buffer.from(part('y')), png, Buffer.from('\r\n--y--\r\n')]);
        const answer = await raw((socket) => {
          socket.write(request('/api/chat/upload', 'multipart/form-data; boundary=y', good.length));
          socket.write(good);
        });
        expect(answer).toMatch(/^HTTP\/1\.1 200 /);
        expect((await keptState()).uploads).toBe(before.uploads + 1);
      },
    );
  });
});
