import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isUnder, mountNodeHandler } from '../src/http/mount-node-handler.ts';

describe('mounting a sandbox stand-in under a path', () => {
  it('takes the path itself, what is below it and its query, never a sibling', () => {
    expect(isUnder('/sandbox/oidc', '/sandbox/oidc')).toBe(true);
    expect(isUnder('/sandbox/oidc', '/sandbox/oidc/.well-known/openid-configuration')).toBe(true);
    expect(isUnder('/sandbox/oidc', '/sandbox/oidc?x=1')).toBe(true);
    expect(isUnder('/sandbox/oidc', '/sandbox/oidcx')).toBe(false);
    expect(isUnder('/sandbox/oidc', '/sandbox')).toBe(false);
  });

  it("answers its requests before the app's own hooks and routes, and leaves the rest to them", async () => {
    const app = Fastify();
    mountNodeHandler(app, '/sandbox/echo', (request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`stand-in: ${request.url}`);
    });
    const seenByHooks: string[] = [];
    app.addHook('onRequest', async (request) => {
      seenByHooks.push(request.url);
    });
    app.get('/sandbox/echo/*', async () => 'route');
    app.get('/sandbox/echoes', async () => 'route');
    try {
      const mounted = await app.inject({ url: '/sandbox/echo/a?b=1' });
      expect(mounted.body).toBe('stand-in: /sandbox/echo/a?b=1');
      const sibling = await app.inject({ url: '/sandbox/echoes' });
      expect(sibling.body).toBe('route');
      expect(seenByHooks).toEqual(['/sandbox/echoes']);
    } finally {
      await app.close();
    }
  });
});
