import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import { visitorOwnerId } from './image-caller.ts';

/**
 * The visitor's identity from `X-Visitor-Key` (a random key their browser made and keeps), as
 * jobs record their owner: `visitor:<sha-256 of the key>`. Null when the header is absent or is
 * not such a key.
 */
export function visitorOf(request: FastifyRequest): string | null {
  const header = request.headers[VISITOR_KEY_HEADER];
  const key = Array.isArray(header) ? undefined : header;
  return key !== undefined && VISITOR_KEY_PATTERN.test(key) ? visitorOwnerId(key) : null;
}
