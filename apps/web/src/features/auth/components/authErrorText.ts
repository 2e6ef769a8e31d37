import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, type ErrorCondition } from '../../../lib/api/errorText';
import { AuthUnavailableError } from '../authService';

/**
 * The API's sign-in answers, in its exact English words, and where each lives in the
 * translations: the API speaks English only, the screen speaks the visitor's language.
 */
export const authServerMessageKeys: Readonly<Record<string, string>> = {
  'Invalid email or password.': 'auth:server.invalidCredentials',
  'Invalid code': 'auth:code.invalid',
  'Failed to send code': 'auth:code.sendFailed',
  'Enter the 6-digit code from the email': 'auth:code.format',
  'This reset link is invalid or has expired.': 'auth:reset.invalidLink',
  'Password must be at least 8 characters': 'auth:server.passwordTooShort',
  'This password is too common. Choose another one.': 'auth:server.passwordTooCommon',
  'Server busy. Please try again in a moment.': 'auth:server.busy',
};

/** The API's answers that are about the new password rather than the whole request. */
export const passwordRuleMessages: ReadonlySet<string> = new Set([
  'Password must be at least 8 characters',
  'This password is too common. Choose another one.',
]);

/** Conditions that say more than any action's own "failed" text would. */
const telling: ReadonlySet<ErrorCondition> = new Set(['timeout', 'network', 'tooManyRequests']);

export interface AuthErrorText {
  /** The message to show. */
  text: string;
  /** The server's own English words, when it sent some (to recognise a known answer). */
  serverMessage: string | null;
}

/**
 * Explains a failed sign-in call (§8): the server's words (translated when they are known), else
 * the timeout/network/rate-limit texts, else the action's own fallback ('Failed to send code',
 * 'Invalid code'...), else the §8 condition text. "Not available yet" when nothing is set up.
 */
export function useAuthErrorText(): (error: unknown, fallbackKey?: string) => AuthErrorText {
  const { t } = useTranslation(['auth', 'common']);
  return useCallback(
    (error: unknown, fallbackKey?: string) => {
      if (error instanceof AuthUnavailableError) {
        return { text: t('common:auth.unavailable'), serverMessage: null };
      }
      const description = describeError(error);
      if (description.kind === 'server') {
        const key = authServerMessageKeys[description.text];
        return { text: key ? t(key) : description.text, serverMessage: description.text };
      }
      const text =
        fallbackKey && !telling.has(description.condition)
          ? t(fallbackKey)
          : t(`common:errors.${description.condition}`);
      return { text, serverMessage: null };
    },
    [t],
  );
}

/** The part of react-hook-form's setError a form with a password field offers. */
type SetPasswordFormError = (
  name: 'password' | 'root.server',
  error: { message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Shows an explained failure where it belongs: the API's password rules (8 characters, not a
 * common one) under the password field, which takes focus; anything else above the form.
 */
export function showPasswordFormFailure(
  setError: SetPasswordFormError,
  { text, serverMessage }: AuthErrorText,
): void {
  if (serverMessage && passwordRuleMessages.has(serverMessage)) {
    setError('password', { message: text }, { shouldFocus: true });
  } else {
    setError('root.server', { message: text });
  }
}
