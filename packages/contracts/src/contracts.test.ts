import { describe, expect, it } from 'vitest';
import {
  contactRequest,
  emailAddress,
  newsletterRequest,
  isCurrencyCode,
  isLanguageCode,
} from './index.ts';

describe('emailAddress', () => {
  it('gives the §5 texts', () => {
    expect(emailAddress.safeParse('').error?.issues[0]?.message).toBe('Email is required');
    expect(emailAddress.safeParse('linh@').error?.issues[0]?.message).toBe('Email is invalid');
  });
  it('trims and lower-cases', () => {
    expect(emailAddress.parse('  Linh@Example.COM ')).toBe('linh@example.com');
  });
});

describe('preferences', () => {
  it('accepts only en and vi, and the seven currencies', () => {
    expect(isLanguageCode('vi')).toBe(true);
    expect(isLanguageCode('fr')).toBe(false);
    expect(isCurrencyCode('AED')).toBe(true);
    expect(isCurrencyCode('JPY')).toBe(false);
  });
});

describe('forms', () => {
  it('requires agreement for the newsletter', () => {
    expect(newsletterRequest.safeParse({ email: 'a@b.co', agreed: false }).success).toBe(false);
    expect(newsletterRequest.safeParse({ email: 'a@b.co', agreed: true }).success).toBe(true);
  });
  it('validates the contact form', () => {
    const result = contactRequest.safeParse({ name: ' ', email: 'x', subject: '', message: 'hi' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual([
      'name',
      'email',
      'subject',
      'message',
    ]);
  });
});
