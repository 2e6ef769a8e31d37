import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MultipartFormLimits,
  readMultipartForm,
  registerMultipartForm,
} from '../src/http/multipart-form.ts';
import { FilePartTooLargeError } from '../src/http/read-file-part.ts';

/**
 * readMultipartForm's caps on a body that declares no length (Transfer-Encoding: chunked): each
 * file within its own cap, and all of them together within the form's, the refusal sent after
 * the whole body.
 */

const limits: MultipartFormLimits = {
  maxFileBytes: 10,
  files: 3,
  fields: 1,
  maxTotalFileBytes: 15,
};

let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  app = Fastify();
  await app.register(async (scope) => {
    await registerMultipartForm(scope, limits);
    scope.post('/form', async (request, reply) => {
      try {
        const form = await readMultipartForm(request, limits);
        return { files: form.files.map(({ name, data }) => [name, data.length]) };
      } catch (error) {
        if (error instanceof FilePartTooLargeError) return reply.code(413).send({ over: true });
        throw error;
      }
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** Posts the files as a multipart body in small chunks, with no Content-Length. */
function postChunked(files: Record<string, number>): Promise<{ status: number; body: unknown }> {
  const boundary = 'chunked-form';
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/form',
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()) as unknown,
          }),
        );
      },
    );
    request.on('error', reject);
    for (const [name, size] of Object.entries(files)) {
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      for (let sent = 0; sent < size; sent += 4) {
        request.write(Buffer.alloc(Math.min(4, size - sent), 7));
      }
      request.write('\r\n');
    }
    request.end(`--${boundary}--\r\n`);
  });
}

describe('a chunked multipart body', () => {
  it('is read whole when its files are within both caps', async () => {
    const answer = await postChunked({ a: 10, b: 5 });
    expect(answer).toEqual({
      status: 200,
      body: {
        files: [
          ['a', 10],
          ['b', 5],
        ],
      },
    });
  });

  it('is refused when one file is over its own cap', async () => {
    expect((await postChunked({ a: 11 })).status).toBe(413);
  });

  it('is refused when its files together are over the form’s cap, each within its own', async () => {
    expect((await postChunked({ a: 10, b: 6 })).status).toBe(413);
    expect((await postChunked({ a: 8, b: 8, c: 1 })).status).toBe(413);
  });
});
