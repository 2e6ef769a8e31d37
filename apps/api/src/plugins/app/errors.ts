import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';
import { QuotaExceededError } from '../../domains/usage/quota-errors.ts';
import { errorTexts, HttpError, unavailableTexts } from '../../http/errors.ts';
import { ObjectStoreUnavailableError, ObjectTooLargeError } from '../../storage/object-store.ts';

const textsByStatus: Partial<Record<number, string>> = errorTexts;

function statusCodeOf(error: unknown): number {
  const status =
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
      ? error.statusCode
      : 500;
  return status >= 400 && status < 600 ? status : 500;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * A body of a type the route does not take: say which it does (its schema's `consumes`, JSON
 * when it names none), so a client that sent a multipart route JSON or text/plain learns what
 * to send.
 */
function unsupportedTypeText(request: FastifyRequest): string {
  const declared = request.routeOptions.schema?.consumes;
  const consumes = declared && declared.length > 0 ? declared : ['application/json'];
  const names = consumes.map((type) => (type === 'application/json' ? 'JSON' : type));
  return `Unsupported content type. Send ${names.join(' or ')}.`;
}

/** "email: Email is invalid"; a problem with the whole body or query is named after it. */
function describeIssue(instancePath: string, message: string | undefined, context: string): string {
  const field = instancePath.split('/').filter(Boolean).join('.') || context;
  return `${field}: ${message ?? 'is invalid'}`;
}

/**
 * One error shape for every failure: errorResponse `{ message, errors? }` with the §8 texts (a
 * quota's 429 adds what is left: quotaErrorResponse).
 * Validation problems list "field: message"; server errors are logged in full and answered
 * with the generic text only, never a stack, SQL or secret. Every response carries its request
 * id (x-request-id) so a report can be matched with the log.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = 'validationContext' in error ? String(error.validationContext) : 'body';
        const errors = error.validation.map((issue) =>
          describeIssue(issue.instancePath, issue.message, context),
        );
        request.log.info({ errors }, 'invalid request');
        return reply.code(400).send({ message: errorTexts[400], errors });
      }

      // A tool's daily allowance does not cover it: the 429 says what is left and where to
      // upgrade (quotaErrorResponse), for every tool alike.
      if (error instanceof QuotaExceededError) {
        request.log.info({ statusCode: 429, code: 'quota' }, 'request refused');
        return reply.code(429).send(error.body);
      }

      // The object store is down: say so (503), so the client can retry; the log says why.
      if (error instanceof ObjectStoreUnavailableError) {
        request.log.error({ err: error }, 'object store unavailable');
        return reply.code(503).send({ message: unavailableTexts.objectStore });
      }
      if (error instanceof ObjectTooLargeError) {
        request.log.info({ statusCode: 413 }, 'request refused');
        return reply.code(413).send({ message: errorTexts[413] });
      }

      const status = error instanceof ResponseSerializationError ? 500 : statusCodeOf(error);
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status === 503 ? 503 : 500).send({ message: errorTexts[500] });
      }

      if (error instanceof HttpError) {
        // Its name says which refusal it was (MalformedMultipartError…), never what was sent.
        request.log.info({ statusCode: status, code: error.name }, 'request refused');
        const { message, errors } = error;
        return reply
          .code(status)
          .headers(error.headers)
          .send(errors ? { message, errors } : { message });
      }
      request.log.info({ statusCode: status, code: codeOf(error) }, 'request refused');
      const message =
        status === 415 ? unsupportedTypeText(request) : (textsByStatus[status] ?? errorTexts[400]);
      return reply.code(status).send({ message });
    });

    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'errors' },
);
