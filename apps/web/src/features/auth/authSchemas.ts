import { passwordMinLength, usernameMinLength } from '@studio/contracts';
import { z } from 'zod';

/**
 * The sign-in forms' rules (§5), with their messages in the interface language. Keys name their
 * namespace ('common:' for the §5 texts the whole app shares, 'auth:' for the rest) so any
 * i18next `t` can translate them.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** §9 */
export const PASSWORD_MIN = passwordMinLength;
export const USERNAME_MIN = usernameMinLength;

/** §5: "required" and "must look like an e-mail" are two messages, in that order. */
function emailRule(t: Translate) {
  return z
    .string()
    .trim()
    .min(1, t('common:validation.emailRequired'))
    .pipe(z.email(t('common:validation.emailInvalid')));
}

/** §5 gives one text for the password: an empty one is also shorter than 6 characters. */
function passwordRule(t: Translate) {
  return z.string().min(PASSWORD_MIN, t('common:validation.passwordMin'));
}

/** §5: the same password again, required and equal (an empty one has its own message). */
function passwordsMatch(values: { password: string; confirmPassword: string }): boolean {
  return values.confirmPassword === '' || values.password === values.confirmPassword;
}

function mismatch(t: Translate) {
  return { message: t('common:validation.passwordsMismatch'), path: ['confirmPassword'] };
}

function confirmRule(t: Translate) {
  return z.string().min(1, t('common:validation.confirmRequired'));
}

/**
 * §5 "The code field is required"; then it must be the 6 digits the e-mail carries (spaces a
 * paste brings along are dropped, as the API does).
 */
function codeRule(t: Translate) {
  return z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, t('auth:code.required')))
    .pipe(z.string().regex(/^\d{6}$/, t('auth:code.format')));
}

export function makeSignInSchema(t: Translate) {
  return z.object({ email: emailRule(t), password: passwordRule(t) });
}

export function makeRegisterSchema(t: Translate) {
  return z
    .object({
      username: z.string().trim().min(USERNAME_MIN, t('common:validation.usernameMin')),
      email: emailRule(t),
      password: passwordRule(t),
      confirmPassword: confirmRule(t),
    })
    .refine(passwordsMatch, mismatch(t));
}

/** /reset-password without a token, and the first step of e-mail code sign-in. */
export function makeEmailSchema(t: Translate) {
  return z.object({ email: emailRule(t) });
}

/** Code sign-in's second step and registration's confirmation. */
export function makeCodeSchema(t: Translate) {
  return z.object({ code: codeRule(t) });
}

/** /reset-password#token=…: the new password, twice. */
export function makeNewPasswordSchema(t: Translate) {
  return z
    .object({ password: passwordRule(t), confirmPassword: confirmRule(t) })
    .refine(passwordsMatch, mismatch(t));
}

export type SignInValues = z.output<ReturnType<typeof makeSignInSchema>>;
export type RegisterValues = z.output<ReturnType<typeof makeRegisterSchema>>;
export type EmailValues = z.output<ReturnType<typeof makeEmailSchema>>;
export type CodeValues = z.output<ReturnType<typeof makeCodeSchema>>;
export type NewPasswordValues = z.output<ReturnType<typeof makeNewPasswordSchema>>;
