import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Below this an answer fits in the first packets anyway, and compressing it costs more than it
 * saves (deploy/nginx/nginx.conf's gzip_min_length is the same).
 */
export const compressionThresholdBytes = 1024;

/**
 * Bodies up to this size are compressed inline; larger ones on libuv's thread pool, so a large
 * answer never holds the event loop (streamed replies of other users wait on it).
 */
const inlineLimitBytes = 128 * 1024;

/**
 * What browsers accept, best first. Brotli at quality 4 compresses about as fast as gzip's
 * default level, and smaller; its best qualities are for build time (the SPA's siblings).
 */
const encodings = ['br', 'gzip'] as const;
type Encoding = (typeof encodings)[number];
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const inline = body.length <= inlineLimitBytes;
  switch (encoding) {
    case 'br':
      return inline ? brotliCompressSync(body, brotliOptions) : brotliAsync(body, brotliOptions);
    case 'gzip':
      return inline ? gzipSync(body) : gzipAsync(body);
  }
}

const jsonType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Sign-in answers hold tokens next to what the caller sent (an e-mail address). BREACH guesses
 * a secret from the compressed size of answers that also reflect the attacker's input, which
 * needs the victim's browser to send credentialed requests at the attacker's bidding: here the
 * API's credentials are a bearer token sent from script and a SameSite=Strict refresh cookie,
 * so that cannot happen. These answers are small and rare anyway, so they are left uncompressed
 * rather than rely on that alone. (The XSRF token travels only in a cookie, never a body.)
 */
const neverCompressed = /^\/api\/auth\//;

function appendVary(reply: FastifyReply, header: string) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === header)) return;
  reply.header('vary', [...values, header].join(', '));
}

function isCandidate(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (Buffer.byteLength(payload) < compressionThresholdBytes) return false;
  if (reply.hasHeader('content-encoding')) return false;
  if (!jsonType.test(String(reply.getHeader('content-type') ?? ''))) return false;
  return !neverCompressed.test(request.url);
}

/**
 * Compresses the API's JSON answers of 1 KB and more (message histories, conversation lists,
 * the model catalogue, the OpenAPI document, /config.json) with Brotli or gzip, whichever the
 * client prefers; a client that accepts neither, or sends no Accept-Encoding, gets them as they
 * are. Only a body Fastify has serialized (a string or a buffer) is ever compressed, never a
 * stream, so these pass untouched by construction: server-sent events (the chat's replies, job
 * progress: their routes take the response over, and no hook sees them), the SPA's files (sent
 * precompressed by @fastify/static, with their own ETag, length and byte ranges) and stored
 * files (images, audio, exports: byte ranges over the stored bytes, and media that does not
 * shrink).
 */
export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isCandidate(request, reply, payload)) return payload;
      // The answer depends on Accept-Encoding even when it goes out as it is.
      appendVary(reply, 'accept-encoding');
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? negotiate(accepted.toLowerCase(), [...encodings]) : null;
      if (!encoding) return payload;
      const body = await encode(
        Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
        encoding,
      );
      reply.header('content-encoding', encoding).header('content-length', body.length);
      return body;
    });
  },
  { name: 'compression' },
);
