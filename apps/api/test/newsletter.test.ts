import { mailboxResponse, type MailboxMessage } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { createNewsletterRepository } from '../src/domains/newsletter/newsletter.repository.ts';
import {
  createNewsletterService,
  resendIntervalMs,
  tokenLifetimeMs,
} from '../src/domains/newsletter/newsletter.service.ts';
import type { MailMessage, MailSender } from '../src/mail/mail-sender.ts';
import { databaseKinds } from './support/databases.ts';
import { type TestApp, useTestApp } from './support/test-app.ts';

async function mailTo(t: TestApp, email: string): Promise<MailboxMessage[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
  });
  return mailboxResponse.parse(response.json()).messages;
}

function confirmPath(mail: MailboxMessage | undefined): string {
  const link = /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mail?.text ?? '');
  if (!link) throw new Error('no confirmation link in the mail');
  const url = new URL(link[0]);
  return `${url.pathname}${url.search}`;
}

function subscribe(t: TestApp, email: string, language?: 'en' | 'vi') {
  return t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email, agreed: true, ...(language ? { language } : {}) },
  });
}

describe.each(databaseKinds)('newsletter double opt-in on %s', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: 'http://studio.test:4000' });

  it('stores a pending address, mails a link, and confirms through it', async () => {
    const response = await subscribe(t, 'Mai@Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'pending' });

    const [mail, ...others] = await mailTo(t, 'mai@example.com');
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Confirm your AI Studio newsletter subscription');
    expect(mail?.text).toContain('http://studio.test:4000/api/newsletter/confirm?token=');

    const confirmed = await t.app.inject({ method: 'GET', url: confirmPath(mail) });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/?newsletter=confirmed');

    const row = await t.app.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', 'mai@example.com')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
    expect(row.confirmed_at).not.toBeNull();

    // Following the link again still lands on "confirmed".
    const again = await t.app.inject({ method: 'GET', url: confirmPath(mail) });
    expect(again.headers.location).toBe('/?newsletter=confirmed');
  });

  it('stores only a hash of the token', async () => {
    await subscribe(t, 'hash@example.com');
    const [mail] = await mailTo(t, 'hash@example.com');
    const token = new URL(`http://x${confirmPath(mail)}`).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    const row = await t.app.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', 'hash@example.com')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('is idempotent: a pending address is not mailed again within the interval', async () => {
    await subscribe(t, 'twice@example.com');
    const second = await subscribe(t, 'twice@example.com');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ status: 'pending' });
    expect(await mailTo(t, 'twice@example.com')).toHaveLength(1);
  });

  it('answers confirmed for a confirmed address without mailing it', async () => {
    await subscribe(t, 'done@example.com');
    const [mail] = await mailTo(t, 'done@example.com');
    await t.app.inject({ method: 'GET', url: confirmPath(mail) });

    const again = await subscribe(t, 'DONE@example.com');
    expect(again.json()).toEqual({ status: 'confirmed' });
    expect(await mailTo(t, 'done@example.com')).toHaveLength(1);
  });

  it('mails Vietnamese visitors in Vietnamese', async () => {
    await subscribe(t, 'lan@example.vn', 'vi');
    const [mail] = await mailTo(t, 'lan@example.vn');
    expect(mail?.subject).toBe('Xác nhận đăng ký nhận bản tin AI Studio');
    expect(mail?.html).toContain('lang="vi"');
    expect(mail?.text).toContain('Liên kết có hiệu lực trong 7 ngày.');
  });

  it.each([
    [
      'an unknown token',
      '/api/newsletter/confirm?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ],
    ['a truncated token', '/api/newsletter/confirm?token=abc'],
    ['no token', '/api/newsletter/confirm'],
  ])('redirects %s to the invalid notice', async (_name, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?newsletter=invalid');
  });

  it('requires the agreement', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'no@example.com', agreed: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid request. Please check your input.',
      errors: ['agreed: Please accept to receive our newsletter'],
    });
  });
});

describe.each(databaseKinds)('newsletter timing on %s', (kind) => {
  const t = useTestApp(kind);

  function serviceAt(clock: { now: Date }) {
    const sent: MailMessage[] = [];
    const mail: MailSender = {
      transport: 'outbox',
      send: async (message) => void sent.push(message),
      close: async () => {},
    };
    const service = createNewsletterService({
      repository: createNewsletterRepository(t.app.db),
      mail,
      publicUrl: 'http://studio.test',
      now: () => clock.now,
    });
    const tokenOf = (message: MailMessage | undefined) =>
      /token=([\w-]+)/.exec(message?.text ?? '')?.[1];
    return { service, sent, tokenOf };
  }

  it('re-sends to a pending address once the interval has passed', async () => {
    const clock = { now: new Date('2026-01-01T10:00:00Z') };
    const { service, sent } = serviceAt(clock);
    await service.subscribe('slow@example.com');
    clock.now = new Date(clock.now.getTime() + resendIntervalMs - 1000);
    await service.subscribe('slow@example.com');
    expect(sent).toHaveLength(1);
    clock.now = new Date(clock.now.getTime() + 2000);
    expect(await service.subscribe('slow@example.com')).toEqual({ status: 'pending' });
    expect(sent).toHaveLength(2);
  });

  it('sends one mail for simultaneous requests', async () => {
    const clock = { now: new Date('2026-01-01T10:00:00Z') };
    const { service, sent } = serviceAt(clock);
    await Promise.all(Array.from({ length: 5 }, () => service.subscribe('race@example.com')));
    expect(sent).toHaveLength(1);
  });

  it('refuses a link older than its lifetime, and accepts a fresh one', async () => {
    const clock = { now: new Date('2026-01-01T10:00:00Z') };
    const { service, sent, tokenOf } = serviceAt(clock);
    await service.subscribe('late@example.com');
    const oldToken = tokenOf(sent[0]);
    clock.now = new Date(clock.now.getTime() + tokenLifetimeMs + 1000);
    expect(await service.confirm(oldToken)).toBe('invalid');

    await service.subscribe('late@example.com');
    expect(await service.confirm(oldToken)).toBe('invalid');
    expect(await service.confirm(tokenOf(sent[1]))).toBe('confirmed');
  });

  it('lets the next request retry at once when the mail could not be queued', async () => {
    const clock = { now: new Date('2026-01-01T10:00:00Z') };
    const sent: MailMessage[] = [];
    let failing = true;
    const service = createNewsletterService({
      repository: createNewsletterRepository(t.app.db),
      mail: {
        send: async (message) => {
          if (failing) throw new Error('queue down');
          sent.push(message);
        },
      },
      publicUrl: 'http://studio.test',
      now: () => clock.now,
    });
    await expect(service.subscribe('retry@example.com')).rejects.toThrow('queue down');
    failing = false;
    await service.subscribe('retry@example.com');
    expect(sent).toHaveLength(1);
  });
});
