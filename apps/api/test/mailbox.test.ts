import { mailboxResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('development mailbox on %s', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: 'http://studio.test', LOG_LEVEL: 'info' });

  const subscribe = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email, agreed: true } });

  it('lists the outbox newest first, optionally for one address', async () => {
    await subscribe('first@example.com');
    await subscribe('second@example.com');

    const all = mailboxResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json(),
    );
    expect(all.messages.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);

    const one = mailboxResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=FIRST@example.com' })).json(),
    );
    expect(one.messages.map((m) => m.to)).toEqual(['first@example.com']);
  });

  it('answers this machine only, as /metrics does: another address, or a request a proxy forwarded, gets 404', async () => {
    await subscribe('local@example.com');
    const urls = ['/api/dev/mailbox', '/dev/mailbox', '/dev/jobs', '/dev/mailbox.css'];
    for (const url of urls) {
      const local = await t.app.inject({ method: 'GET', url });
      expect(local.statusCode, url).toBe(200);
      for (const remoteAddress of ['192.168.1.23', '10.0.0.7', '2001:db8::1']) {
        const remote = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(remote.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(remote.json()).toEqual({ message: 'The requested resource was not found.' });
        expect(remote.body).not.toContain('local@example.com');
      }
      // A proxy on this machine (nginx in front of a staging server) connects from loopback.
      for (const forwarded of [
        { 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9' },
      ]) {
        const proxied = await t.app.inject({ method: 'GET', url, headers: forwarded });
        expect(proxied.statusCode, `${url} through a proxy`).toBe(404);
      }
    }
  });

  it('keeps the ?to= address (and any address in a query) out of the request log', async () => {
    const from = t.logs.length;
    for (const url of [
      '/api/dev/mailbox?to=Secret.Person%40example.com&limit=5',
      '/dev/mailbox?lang=vi&to=secret.person@example.com',
      '/api/newsletter/confirm?lang=en&contact=secret.person%40example.com',
    ]) {
      await t.app.inject({ method: 'GET', url });
    }
    const lines = t.logs.slice(from).join('\n');
    expect(lines).toContain('/api/dev/mailbox?to=[redacted]&limit=5');
    expect(lines).toContain('/dev/mailbox?lang=vi&to=[redacted]');
    expect(lines).toContain('contact=[redacted]');
    expect(lines.toLowerCase()).not.toContain('secret.person');
  });

  it('shows the mail as a page with clickable links and escaped content', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: '<img src=x onerror=alert(1)>',
        email: 'mallory@example.com',
        subject: '<script>alert(1)</script>',
        message: 'See javascript:alert(1) and https://studio.test/help please',
      },
    });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Mailbox (development)</h1>');
    expect(page.body).toMatch(
      /<a href="http:\/\/studio\.test\/api\/newsletter\/confirm\?token=[\w-]+">/,
    );
    expect(page.body).toContain('<a href="https://studio.test/help">');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('href="javascript:');
    expect(page.body).toContain('&lt;script&gt;');
  });

  it('is available in Vietnamese', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox?lang=vi' });
    expect(page.body).toContain('<html lang="vi">');
    expect(page.body).toContain('Hộp thư (môi trường phát triển)');
  });

  it('has its own stylesheet (the CSP forbids inline styles)', async () => {
    const css = await t.app.inject({ method: 'GET', url: '/dev/mailbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});

describe('the mailbox in production', () => {
  const t = useTestApp('sqlite', { NODE_ENV: 'production', PUBLIC_URL: 'https://studio.example' });

  it.each(['/dev/mailbox', '/api/dev/mailbox', '/dev/mailbox.css', '/dev/jobs'])(
    'is not mounted: %s is a 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The requested resource was not found.' });
    },
  );

  it('is not in the API documentation', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).not.toContain('/api/dev/mailbox');
  });
});

describe('the mailbox when mail goes over SMTP', () => {
  const t = useTestApp('sqlite', { SMTP_URL: 'smtp://127.0.0.1:2525' });

  it('is not mounted', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
