import { errorResponse, quotaErrorResponse } from '@studio/contracts';
import { z } from 'zod';

/**
 * The pieces of route schemas every tool's routes share, so the OpenAPI document says the same
 * thing the same way on every path.
 */

/** 401 on a route that takes a bearer token. */
export const unauthorizedResponse = errorResponse.describe(
  'Missing, invalid, expired or revoked bearer token',
);

/** The `:id` of one of the caller's things (an image, a clip, a piece, a read, a document). */
export const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * 429: a tool's daily allowance does not cover the request (quotaErrorResponse: code quota,
 * what is left, who refused), or the rate limiter's plain error. `what` names the allowance.
 */
export function quotaOrRateLimitResponse(what: string) {
  return z
    .union([quotaErrorResponse, errorResponse])
    .describe(
      `${what} does not cover the request (code quota; remaining says what is left, refusedBy whether the caller's own limit or their address's visitor ceiling), or too many requests`,
    );
}

/** 404 for one of the caller's things: another caller's answers the same, so ids leak nothing. */
export function notFoundResponse(thing: string) {
  return errorResponse.describe(`No such ${thing} (another caller's answers the same)`);
}

/** 204 for a deletion. */
export const deletedResponse = z.null().describe('Deleted');
