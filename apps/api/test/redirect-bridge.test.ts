import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
const bridgeHtml = '<!doctype html><html><body><p>Finishing sign-in…</p></body></html>';

/** A built SPA with the redirect bridge entry, shaped like Vite's output. */
const dist = path.join(await mkdtemp(path.join(tmpdir(), 'studio-api-bridge-')), 'dist');
beforeAll(async () => {
  await mkdir(path.join(dist, 'locales'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, 'auth-callback.html'), bridgeHtml);
});
afterAll(() => rm(path.dirname(dist), { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('the redirect bridge page (/auth/callback)', () => {
  const t = useTestApp('sqlite', { WEB_DIST_DIR: dist, LOCALES_DIR: path.join(dist, 'locales') });

  it.each([
    '/auth/callback',
    '/auth/callback?code=abc&state=xyz',
    '/auth/callback?error=access_denied&state=xyz',
  ])('%s is the bridge, not the app shell', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(bridgeHtml);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('may be framed by this origin only, and has no Cross-Origin-Opener-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/callback', headers: html });
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toBe("'self'");
    // The rest of the policy is the app's.
    expect(csp['script-src']).toBe("'self'");
    expect(csp['default-src']).toBe("'self'");
    expect(csp['object-src']).toBe("'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/', '/auth/signout-callback', '/login'])(
    'leaves the app headers of %s as they are',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(directives(response.headers['content-security-policy'])['frame-ancestors']).toBe(
        "'none'",
      );
    },
  );

  it('sends the redirect URI to the SPA in /config.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    const body: unknown = response.json();
    expect(body).toMatchObject({ identity: { redirectPath: '/auth/callback' } });
  });
});

describe('the redirect bridge without a built bridge page', () => {
  const bare = path.join(path.dirname(dist), 'bare');
  beforeAll(async () => {
    await mkdir(path.join(bare, 'locales'), { recursive: true });
    await writeFile(path.join(bare, 'index.html'), indexHtml);
  });
  const t = useTestApp('sqlite', { WEB_DIST_DIR: bare, LOCALES_DIR: path.join(bare, 'locales') });

  it('falls back to the app, whose /auth/callback page does the same work', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/callback', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });
});
