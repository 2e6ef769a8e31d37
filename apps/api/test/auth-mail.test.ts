import { describe, expect, it } from 'vitest';
import { passwordChangedMail } from '../src/mail/templates/password-changed.ts';
import { passwordResetMail } from '../src/mail/templates/password-reset.ts';
import { registrationAttemptMail } from '../src/mail/templates/registration-attempt.ts';
import { registrationCodeMail } from '../src/mail/templates/registration-code.ts';
import { signInCodeMail } from '../src/mail/templates/sign-in-code.ts';

const link = 'https://studio.example/reset-password#token=abc_DEF-123&x=<y>';
const templates = {
  'sign-in code': (language: 'en' | 'vi') => signInCodeMail(language, '042917'),
  'registration code': (language: 'en' | 'vi') => registrationCodeMail(language, '042917'),
  'registration attempt': (language: 'en' | 'vi') =>
    registrationAttemptMail(language, {
      signInUrl: 'https://studio.example/login',
      resetUrl: link,
    }),
  'reset link': (language: 'en' | 'vi') => passwordResetMail(language, link),
  'password changed': (language: 'en' | 'vi') => passwordChangedMail(language, link),
};

describe.each(Object.entries(templates))('the %s e-mail', (_name, render) => {
  it('exists in English and Vietnamese, as text and as escaped HTML', () => {
    const en = render('en');
    const vi = render('vi');
    expect(en.subject).not.toBe(vi.subject);
    expect(en.text).not.toBe(vi.text);
    expect(vi.html).toContain('<html lang="vi">');
    expect(en.html).toContain('<html lang="en">');
    for (const mail of [en, vi]) {
      expect(mail.html).not.toContain('<y>');
      expect(mail.text.length).toBeGreaterThan(80);
    }
  });
});

describe('what the account e-mails carry', () => {
  it('shows codes in the subject, text and HTML', () => {
    for (const mail of [signInCodeMail('en', '042917'), registrationCodeMail('vi', '042917')]) {
      expect(mail.subject).toContain('042917');
      expect(mail.text).toContain('042917');
      expect(mail.html).toContain('042917');
    }
  });

  it('links without a code where there must be none', () => {
    const notice = registrationAttemptMail('en', {
      signInUrl: 'https://studio.example/login',
      resetUrl: 'https://studio.example/reset-password',
    });
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect(notice.html).toContain('href="https://studio.example/reset-password"');
    expect(passwordResetMail('en', link).html).toContain(
      'href="https://studio.example/reset-password#token=abc_DEF-123&amp;x=&lt;y&gt;"',
    );
  });
});
