import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildApp, type App } from '../src/app.ts';
import { contactCopyMail } from '../src/mail/templates/contact-copy.ts';
import { newsletterConfirmationMail } from '../src/mail/templates/newsletter-confirmation.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { type ReceivedMail, startFakeSmtpServer } from './support/fake-smtp-server.ts';
import { testCsrfSecret } from './support/test-app.ts';

const contact = {
  id: '7d1f0a8e-0000-4000-8000-000000000001',
  name: 'Trần <b>An</b>',
  email: 'an@example.vn',
  subject: 'Thanh toán VNPay',
  message: 'Dòng một.\n\nDòng <hai> & ba.',
  receivedAt: '2026-03-04T05:06:07.000Z',
};

describe('mail templates', () => {
  it('write the confirmation in English and in Vietnamese, with the link in both bodies', () => {
    const url = 'https://studio.example/api/newsletter/confirm?token=abc&x=1';
    const en = newsletterConfirmationMail('en', url);
    const vi = newsletterConfirmationMail('vi', url);
    expect(en.subject).toBe('Confirm your AI Studio newsletter subscription');
    expect(vi.subject).toBe('Xác nhận đăng ký nhận bản tin AI Studio');
    for (const mail of [en, vi]) {
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(
        'href="https://studio.example/api/newsletter/confirm?token=abc&amp;x=1"',
      );
    }
    expect(vi.html).toContain('Xác nhận đăng ký</a>');
    // No English left in the Vietnamese mail (the URL aside).
    expect(vi.text.replace(url, '')).not.toMatch(/\b(the|your|link|confirm|thanks)\b/i);
  });

  it('escape the visitor text in the contact copy', () => {
    const mail = contactCopyMail('vi', contact);
    expect(mail.subject).toBe('[Liên hệ] Thanh toán VNPay');
    expect(mail.text).toContain('Người gửi: Trần <b>An</b> <an@example.vn>');
    expect(mail.text).toContain('Mã tham chiếu: 7d1f0a8e-0000-4000-8000-000000000001');
    expect(mail.html).toContain('Trần &lt;b&gt;An&lt;/b&gt;');
    expect(mail.html).toContain('<p>Dòng &lt;hai&gt; &amp; ba.</p>');
    expect(mail.html).not.toContain('<b>An</b>');
    expect(contactCopyMail('en', contact).text).toContain('Reply to this email to answer');
  });
});

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    database = await createTestDatabase('sqlite');
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        CSRF_SECRET: testCsrfSecret,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'AI Studio <hello@studio.example>',
        SUPPORT_EMAIL: 'support@studio.example',
        ...database.env,
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.drop();
  });

  it('delivers the contact copy to support, with the visitor as Reply-To', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'An',
        email: 'an@example.vn',
        subject: 'Line one\r\nBcc: victim@example.com',
        message: 'A message long enough.',
      },
    });
    expect(response.statusCode).toBe(201);
    // Delivered by a `mail.send` job, after the answer.
    await app.jobs.idle();
    const [mail] = smtp.received as [ReceivedMail];
    expect(mail.from).toBe('hello@studio.example');
    expect(mail.to).toEqual(['support@studio.example']);
    const headers = mail.data.slice(0, mail.data.indexOf('\n\n'));
    expect(headers).toMatch(/^Reply-To: an@example\.vn$/m);
    // A line break in the subject cannot smuggle in another header.
    expect(headers).toMatch(/^Subject: \[Contact\] Line one Bcc: victim@example\.com$/m);
    expect(headers).not.toMatch(/^Bcc:/m);

    // Nothing is kept in the outbox when a real server delivers.
    const outbox = await app.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox).toEqual([]);
  });
});
