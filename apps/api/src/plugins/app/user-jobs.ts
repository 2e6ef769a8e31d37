import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createUserJobsService,
  type UserJobsService,
} from '../../domains/jobs/user-jobs.service.ts';
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

/** The visitors whose key a request was let in with (jobOwnerAuthentication). */
const visitorOwners = new WeakMap<FastifyRequest, string>();

/**
 * The onRequest hook of every route that names a job (or a job's file): a visitor (the image
 * tools) is let in by their key (`X-Visitor-Key`) instead of a bearer token; a bearer token that
 * is sent must be valid, whatever else comes with it; neither is 401.
 */
export function jobOwnerAuthentication(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const visitor = request.headers.authorization === undefined ? visitorOf(request) : null;
    if (visitor === null) return app.authenticate(request, reply);
    visitorOwners.set(request, visitor);
  };
}

/** Whose jobs the caller may see: the signed-in user's id, or `visitor:<hash of their key>`. */
export function jobOwnerOf(request: FastifyRequest): string {
  return visitorOwners.get(request) ?? signedIn(request).user.id;
}
