import { z } from 'zod';

/** Any translate function (react-i18next's t). */
type Translate = (key: string) => string;

/** §9 */
export const PASSWORD_MIN = 6;
export const USERNAME_MIN = 3;

/** §5: "required" and "must look like an e-mail" are two messages, in that order. */
function emailRule(t: Translate) {
  return z
    .string()
    .trim()
    .min(1, t('validation.emailRequired'))
    .pipe(z.email(t('validation.emailInvalid')));
}

/** §5 gives one text for the password: an empty one is also shorter than 6 characters. */
function passwordRule(t: Translate) {
  return z.string().min(PASSWORD_MIN, t('validation.passwordMin'));
}

export function makeSignInSchema(t: Translate) {
  return z.object({ email: emailRule(t), password: passwordRule(t) });
}

export function makeRegisterSchema(t: Translate) {
  return z
    .object({
      username: z.string().trim().min(USERNAME_MIN, t('validation.usernameMin')),
      email: emailRule(t),
      password: passwordRule(t),
      confirmPassword: z.string().min(1, t('validation.confirmRequired')),
    })
    .refine((values) => values.password === values.confirmPassword, {
      message: t('validation.passwordsMismatch'),
      path: ['confirmPassword'],
    });
}

export function makeResetSchema(t: Translate) {
  return z.object({ email: emailRule(t) });
}

export type SignInValues = z.output<ReturnType<typeof makeSignInSchema>>;
export type RegisterValues = z.output<ReturnType<typeof makeRegisterSchema>>;
export type ResetValues = z.output<ReturnType<typeof makeResetSchema>>;
