import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import {
  makeCodeSchema,
  makeEmailSchema,
  makeNewPasswordSchema,
  makeRegisterSchema,
  makeSignInSchema,
} from './authSchemas';

const english = createTestI18n('en').t;
const vietnamese = createTestI18n('vi').t;

/** The messages of a failed parse, by field. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const found: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (found[issue.path.join('.')] ??= []).push(issue.message);
  }
  return found;
}

describe('sign-in schemas (§5)', () => {
  it('email: required, then must look like an email, in that order', () => {
    const schema = makeEmailSchema(english);
    expect(messages(schema.safeParse({ email: '  ' }))).toEqual({ email: ['Email is required'] });
    expect(messages(schema.safeParse({ email: 'linh@' }))).toEqual({ email: ['Email is invalid'] });
    expect(schema.parse({ email: ' linh@example.com ' })).toEqual({ email: 'linh@example.com' });
  });

  it('password: at least 6 characters, one message for empty and short', () => {
    const schema = makeSignInSchema(english);
    const expected = ['Password must be at least 6 characters'];
    expect(messages(schema.safeParse({ email: 'a@b.co', password: '' })).password).toEqual(
      expected,
    );
    expect(messages(schema.safeParse({ email: 'a@b.co', password: '12345' })).password).toEqual(
      expected,
    );
    // Passwords are taken exactly as typed: spaces count.
    expect(schema.parse({ email: 'a@b.co', password: ' 1234 ' }).password).toBe(' 1234 ');
  });

  it('register: username 3+, confirmation required and matching', () => {
    const schema = makeRegisterSchema(english);
    expect(
      messages(
        schema.safeParse({
          username: 'li',
          email: 'a@b.co',
          password: 'secret1',
          confirmPassword: '',
        }),
      ),
    ).toEqual({
      username: ['Username must be at least 3 characters'],
      confirmPassword: ['Please confirm your password'],
    });
    expect(
      messages(
        schema.safeParse({
          username: 'linh',
          email: 'a@b.co',
          password: 'secret1',
          confirmPassword: 'secret2',
        }),
      ),
    ).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('speaks Vietnamese with a Vietnamese t', () => {
    const result = makeRegisterSchema(vietnamese).safeParse({
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
    });
    expect(messages(result)).toEqual({
      username: ['Tên người dùng phải có ít nhất 3 ký tự'],
      email: ['Vui lòng nhập email'],
      password: ['Mật khẩu phải có ít nhất 6 ký tự'],
      confirmPassword: ['Vui lòng xác nhận mật khẩu'],
    });
  });

  it('code: required, then six digits; pasted spaces are dropped', () => {
    const schema = makeCodeSchema(english);
    expect(messages(schema.safeParse({ code: '' }))).toEqual({ code: ['Please enter the code'] });
    expect(messages(schema.safeParse({ code: '12a456' }))).toEqual({
      code: ['Enter the 6-digit code from the email'],
    });
    expect(schema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(messages(makeCodeSchema(vietnamese).safeParse({ code: '' }))).toEqual({
      code: ['Vui lòng nhập mã'],
    });
  });

  it('new password: the §5 rules, twice', () => {
    const schema = makeNewPasswordSchema(english);
    expect(messages(schema.safeParse({ password: 'abc', confirmPassword: '' }))).toEqual({
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Please confirm your password'],
    });
    expect(
      messages(schema.safeParse({ password: 'correct horse', confirmPassword: 'correct horsE' })),
    ).toEqual({ confirmPassword: ['Passwords do not match'] });
  });
});
