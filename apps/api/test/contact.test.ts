import { contactResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const message = {
  name: 'Nguyễn Linh',
  email: ' Linh@Example.com ',
  subject: 'Invoice for the Pro plan',
  message: 'Could you send me a VAT invoice for my last payment?',
};

describe.each(databaseKinds)('POST /api/contact on %s', (kind) => {
  const t = useTestApp(kind, { SUPPORT_EMAIL: 'help@studio.example' });

  it('stores the message and mails a copy to support', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(response.statusCode).toBe(201);
    const { id, receivedAt } = contactResponse.parse(response.json());
    expect(Date.parse(receivedAt)).not.toBeNaN();

    const stored = await t.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Nguyễn Linh',
      email: 'linh@example.com',
      subject: 'Invoice for the Pro plan',
      message: 'Could you send me a VAT invoice for my last payment?',
      language: 'en',
    });

    await t.app.jobs.idle();
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'help@studio.example')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.reply_to).toBe('linh@example.com');
    expect(mail.subject).toBe('[Contact] Invoice for the Pro plan');
    expect(mail.text_body).toContain('Could you send me a VAT invoice');
    expect(mail.text_body).toContain(id);
  });

  it('writes the copy in the language the visitor used', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, subject: 'Hóa đơn', language: 'vi' },
    });
    expect(response.statusCode).toBe(201);
    await t.app.jobs.idle();
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('[Liên hệ] Hóa đơn');
    expect(mail.text_body).toContain('Tin nhắn mới từ biểu mẫu liên hệ');
  });

  it('answers 400 with one "field: problem" entry per invalid field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: ' ', email: 'linh@', subject: '', message: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid request. Please check your input.',
      errors: [
        'name: Name is required',
        'email: Email is invalid',
        'subject: Subject is required',
        'message: Message must be at least 10 characters',
      ],
    });
  });

  it('answers 413 for a body over 64 KB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, message: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.' });
  });
});

describe('POST /api/contact rate limit', () => {
  const t = useTestApp('sqlite', { RATE_LIMIT_FORMS_MAX: '2' });

  it('answers 429 with the §8 text after the limit, whatever X-Forwarded-For says', async () => {
    const send = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: message, headers });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);

    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The proxy is not trusted, so a spoofed client address changes nothing (security.md §1.6).
    expect((await send({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(429);
    // The newsletter form counts on its own.
    const newsletter = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'limit@example.com', agreed: true },
    });
    expect(newsletter.statusCode).toBe(200);
  });
});
