import { createHash } from 'node:crypto';
import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * A visitor's identity as jobs name their owner: `visitor:` and the SHA-256 of the key their
 * browser made and keeps (base64url), so the key itself is never stored and one visitor cannot
 * name another's jobs.
 */
export function visitorOwnerId(visitorKey: string): string {
  return `visitor:${createHash('sha256').update(visitorKey).digest('base64url')}`;
}

/**
 * The visitor's identity from `X-Visitor-Key`, as jobs record their owner. Null when the header
 * is absent or is not such a key.
 */
export function visitorOf(request: FastifyRequest): string | null {
  const header = request.headers[VISITOR_KEY_HEADER];
  const key = Array.isArray(header) ? undefined : header;
  return key !== undefined && VISITOR_KEY_PATTERN.test(key) ? visitorOwnerId(key) : null;
}
