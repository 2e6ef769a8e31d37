import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type MultipartFormLimits, registerMultipartForm } from '../../http/multipart-form.ts';
import { jobOwnerAuthentication } from './user-jobs.ts';

/**
 * Who may call a scope's routes:
 * - `visitors`: app.identify, no Authorization header is a visitor (known by X-Visitor-Key
 *   where the route keeps something for them), a bearer token that is sent must be valid;
 * - `owners`: the caller's own things, a user by bearer token or a visitor by key
 *   (jobOwnerAuthentication), never anyone else's;
 * - `users`: signed-in users only (app.authenticate).
 */
export type RouteAccess = 'visitors' | 'owners' | 'users';

const typed = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();

/** A scope whose routes' schemas are zod's (typed params, bodies and replies). */
export type ZodScope = ReturnType<typeof typed>;

/**
 * Registers a tool's routes in a scope of their own, behind the access they take, with the
 * multipart parser where the scope reads forms. Every tool declares its routes in these
 * scopes, so who may call what reads the same in each.
 */
export function registerRouteScope(
  app: FastifyInstance,
  options: { access: RouteAccess; multipart?: MultipartFormLimits },
  routes: (scope: ZodScope) => void,
): void {
  app.register(async (plain) => {
    const scope = typed(plain);
    if (options.multipart) await registerMultipartForm(scope, options.multipart);
    const hook =
      options.access === 'visitors'
        ? app.identify
        : options.access === 'owners'
          ? jobOwnerAuthentication(app)
          : app.authenticate;
    scope.addHook('onRequest', hook);
    routes(scope);
  });
}
