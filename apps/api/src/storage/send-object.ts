import type { FastifyReply } from 'fastify';
import { attachmentHeader } from '../http/attachment.ts';
import { errorTexts, HttpError } from '../http/errors.ts';
import { type ObjectRange, type ObjectStore, RangeNotSatisfiableError } from './object-store.ts';

export interface SendObjectOptions {
  /** The request's Range header, if any. */
  range?: string | undefined;
  /** `private` unless the route says otherwise (`no-store` for what a revoked link must lose). */
  cacheControl?: string;
  /** `inline` (the default) or a download with a file name. */
  disposition?: 'inline' | { attachment: string };
}

/** The 416 answer's text (no §8 text covers it). */
export const rangeNotSatisfiableText = 'The requested range is not satisfiable.';

/**
 * One `bytes=` range, as the store takes it: `a-b`, `a-` or a suffix `-n` (the last n bytes,
 * which needs the size). Several ranges or anything malformed is ignored, as RFC 9110 allows:
 * the whole object is sent.
 */
function parseRange(header: string | undefined): ObjectRange | { suffix: number } | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? null : { start, end };
}

function contentDisposition(disposition: SendObjectOptions['disposition']): string {
  if (disposition === undefined || disposition === 'inline') return 'inline';
  return attachmentHeader(disposition.attachment);
}

/**
 * Streams a stored object to the browser, after the route has checked who may read it: its
 * stored type with nosniff and a sandbox policy (a stored file never runs as a page), its
 * length, byte ranges (206 with Content-Range, 416 when out of the object), and a private cache
 * policy. Resolves to true once it has answered, or false when there is no object under the key
 * (the route answers 404). Not the reply itself: a FastifyReply is a thenable, and an async
 * function returning one resolves to undefined once it is sent.
 */
export async function sendObject(
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  options: SendObjectOptions = {},
): Promise<boolean> {
  const asked = parseRange(options.range);
  let range: ObjectRange | undefined;
  if (asked && 'suffix' in asked) {
    const head = await store.head(key);
    if (!head) return false;
    if (asked.suffix === 0 || head.size === 0) return refuseRange(reply, head.size);
    range = { start: Math.max(head.size - asked.suffix, 0) };
  } else if (asked) {
    range = asked;
  }

  let object;
  try {
    object = await store.get(key, range);
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) return refuseRange(reply, error.size);
    throw error;
  }
  if (!object) return false;

  reply
    .header('content-type', object.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', contentDisposition(options.disposition))
    .header('cache-control', options.cacheControl ?? 'private')
    .header('accept-ranges', 'bytes')
    .header('last-modified', object.writtenAt.toUTCString());
  if (object.range) {
    const { start, end } = object.range;
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${object.size}`)
      .header('content-length', end - start + 1);
  } else {
    reply.header('content-length', object.size);
  }
  reply.send(object.body);
  return true;
}

/**
 * sendObject for a route whose own row named the key: no object under it (removed since) is the
 * same 404 as no row. Await it, then return the reply.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  options: SendObjectOptions = {},
): Promise<void> {
  if (!(await sendObject(reply, store, key, options))) throw new HttpError(404, errorTexts[404]);
}

function refuseRange(reply: FastifyReply, size: number): true {
  reply
    .code(416)
    .header('content-range', `bytes */${size}`)
    .header('accept-ranges', 'bytes')
    .send({ message: rangeNotSatisfiableText });
  return true;
}
