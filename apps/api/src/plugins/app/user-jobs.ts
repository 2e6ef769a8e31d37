import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createUserJobsService,
  type UserJobsService,
} from '../../domains/jobs/user-jobs.service.ts';
import {
  type KeyedCaller,
  keyedCaller,
  ownerIdOf,
  visitorKeyRequiredText,
} from '../../domains/callers/caller.ts';
import { HttpError } from '../../http/errors.ts';
import { visitorOf } from '../../domains/callers/visitor-key.ts';
import { signedIn } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The jobs a user may see over HTTP (/api/jobs/{id}, its events, cancel and result): a domain
     * publishes each kind it lets its users follow; everything else stays invisible.
     */
    userJobs: UserJobsService;
  }
}

export const userJobsPlugin = fp(
  async (app) => {
    app.decorate('userJobs', createUserJobsService({ queue: app.jobs }));
  },
  { name: 'user-jobs', dependencies: ['jobs'] },
);

/**
 * The onRequest hook of every route that names a job (or a job's file): a visitor (the image
 * tools) is let in by their key (`X-Visitor-Key`) instead of a bearer token; a bearer token that
 * is sent must be valid, whatever else comes with it; neither is 401.
 */
export function jobOwnerAuthentication(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === undefined && visitorOf(request) !== null) return;
    await app.authenticate(request, reply);
  };
}

/**
 * Whose jobs the caller may see (after jobOwnerAuthentication): the signed-in user's id, or
 * `visitor:<hash of their key>`.
 */
export function jobOwnerOf(request: FastifyRequest): string {
  return ownerIdOf(jobOwnerCaller(request));
}

/** The caller whose jobs these are (after jobOwnerAuthentication): a user, or a keyed visitor. */
export function jobOwnerCaller(request: FastifyRequest): KeyedCaller {
  const caller = keyedCaller(request.caller);
  if (caller) return caller;
  // jobOwnerAuthentication let a caller without a key through only with a valid token.
  return { kind: 'user', user: signedIn(request).user };
}

/**
 * The caller a job starts for on a route open to visitors (app.identify): a user, or a visitor
 * with their key, since what the job makes is kept for its owner; a visitor without one is 400.
 */
export function startingCaller(request: FastifyRequest): KeyedCaller {
  const caller = keyedCaller(request.caller);
  if (!caller) throw new HttpError(400, visitorKeyRequiredText);
  return caller;
}
