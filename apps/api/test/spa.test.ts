import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runtimeConfig } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>';

/** A built SPA in a temporary folder, shaped like Vite's output. */
const dist = path.join(await mkdtemp(path.join(tmpdir(), 'studio-api-dist-')), 'dist');
beforeAll(async () => {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, 'locales/en'), { recursive: true });
  await mkdir(path.join(dist, 'locales/vi'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, 'assets/app-1a2b3c.js'), 'console.log("app");');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, '.env'), 'SECRET=1');
  await writeFile(path.join(dist, 'locales/en/common.json'), '{"hello":"Hello"}');
  await writeFile(path.join(dist, 'locales/vi/common.json'), '{"hello":"Xin chào"}');
  await writeFile(path.join(dist, 'locales/en/.hidden.json'), '{}');
  await writeFile(path.join(dist, 'locales/en/imageGallery.json'), '{"title":"Your pictures"}');
});
afterAll(() => rm(path.dirname(dist), { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the built SPA', () => {
  const t = useTestApp('sqlite', { WEB_DIST_DIR: dist, LOCALES_DIR: path.join(dist, 'locales') });

  it('serves index.html at / without caching it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year, immutably, without cookies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('revalidates other files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/about-us', '/help', '/share/abc123', '/payment/callback?status=ok'])(
    'answers the route %s with the app shell (history fallback)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    ['an unknown API route', '/api/nothing', html],
    ['an unknown dev route', '/dev/nothing', html],
    ['an unknown locales path', '/locales/en/deep/common.json', html],
    ['a missing asset', '/assets/missing.js', { accept: '*/*' }],
    ['a dotfile', '/.env', { accept: '*/*' }],
  ])('answers %s with a JSON 404, never the shell', async (_name, url, headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The requested resource was not found.' });
  });

  it('serves translations for en and vi', async () => {
    const vi = await t.app.inject({ method: 'GET', url: '/locales/vi/common.json' });
    expect(vi.statusCode).toBe(200);
    expect(vi.headers['content-type']).toContain('application/json');
    expect(vi.json()).toEqual({ hello: 'Xin chào' });
  });

  it('serves a camelCase namespace (imageGallery)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/locales/en/imageGallery.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ title: 'Your pictures' });
  });

  it.each([
    '/locales/fr/common.json',
    '/locales/EN/common.json',
    '/locales/en/Common.json',
    '/locales/en/common.js',
    '/locales/en/.hidden.json',
    '/locales/en/%2e%2e%2fen%2fcommon.json',
    '/locales/en/missing.json',
  ])('refuses %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(404);
  });

  it('serves the runtime configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(runtimeConfig.parse(response.json())).toEqual({
      apiBaseUrl: '',
      environment: 'test',
      sandbox: true,
      geolocationServices: ['https://geo.example/json/{ip}'],
      mailboxUrl: '/dev/mailbox',
      identity: expect.objectContaining({
        protocolMode: 'oidc',
        clientId: 'studio-web',
        scopes: ['api.access'],
        redirectPath: '/auth/callback',
        postLogoutRedirectPath: '/auth/signout-callback',
        sandbox: true,
      }) as unknown,
    });
  });

  it('hands MSAL the sandbox provider metadata, so the https authority is never contacted', async () => {
    const { identity } = runtimeConfig.parse(
      (await t.app.inject({ method: 'GET', url: '/config.json' })).json(),
    );
    expect(identity?.authority).toMatch(/^https:\/\//);
    const metadata = JSON.parse(identity?.authorityMetadata ?? '{}') as Record<string, string>;
    expect(metadata['issuer']).toMatch(/^http:\/\/.+\/sandbox\/oidc$/);
    expect(metadata['token_endpoint']).toBe(`${metadata['issuer']}/token`);
  });
});

describe('runtime configuration in production', () => {
  const t = useTestApp('sqlite', { NODE_ENV: 'production', PUBLIC_URL: 'https://studio.example' });

  it('has no mailbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toMatchObject({ environment: 'production', mailboxUrl: null });
  });

  it('offers no external identity service unless one is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toMatchObject({ identity: null });
  });
});

describe('before the SPA is built', () => {
  const t = useTestApp('sqlite');

  it('explains at / how to build it, in both languages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('The web app is not built yet');
    expect(response.body).toContain('Ứng dụng web chưa được build');
    expect(response.body).toContain('pnpm --filter @studio/web build');
  });

  it('still answers the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
