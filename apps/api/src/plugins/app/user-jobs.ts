import fp from 'fastify-plugin';
import {
  createUserJobsService,
  type UserJobsService,
} from '../../domains/jobs/user-jobs.service.ts';

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
