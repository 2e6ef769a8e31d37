import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../domains/auth/auth-errors.ts';
import { busyRetryAfterSeconds, ServerBusyError } from '../../domains/auth/work-limiter.ts';

/**
 * For the routes that hash passwords or throttle per account: a full hashing queue answers 503
 * with its own message and Retry-After (the app's handler would turn any 5xx into the generic
 * text), and a throttle's 429 carries Retry-After. Everything else goes on to the app's handler.
 */
export function handleRetryableErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ServerBusyError) {
      return reply
        .code(503)
        .header('retry-after', String(busyRetryAfterSeconds))
        .send({ message: error.message });
    }
    if (error instanceof RetryLaterError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  });
}
