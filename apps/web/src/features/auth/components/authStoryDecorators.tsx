import type { Decorator } from '@storybook/react-vite';
import { HttpFailure } from '../../../lib/api/errorText';
import type { AuthContextValue } from '../hooks/useAuth';
import { AuthOverride } from './AuthOverride';

/** A story decorator: the app's auth context with these parts replaced (see AuthOverride). */
export function withAuth(value: Partial<AuthContextValue>): Decorator {
  return function WithAuth(Story) {
    return (
      <AuthOverride value={value}>
        <Story />
      </AuthOverride>
    );
  };
}

/** Microsoft, Google and Apple offered by the real identity service. */
export const providersAvailable = { providers: { available: true, sandbox: false } };
/** Offered by the sandbox identity provider. */
export const providersSandbox = { providers: { available: true, sandbox: true } };
/** No identity service is usable. */
export const providersUnavailable = { providers: { available: false, sandbox: false } };

/**
 * What the API client rejects with for a failed response: the status and, when the API sent
 * words, a `{message}` body (the screens show it as the app would).
 */
export function apiError(status: number, message?: string): HttpFailure {
  return new HttpFailure({ status, data: message === undefined ? '' : { message } });
}
