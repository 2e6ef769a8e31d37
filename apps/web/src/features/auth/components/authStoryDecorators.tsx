import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import type { Decorator } from '@storybook/react-vite';
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
 * What the API client rejects with for a failed response: axios' error with the status and, when
 * the API sent words, a `{message}` body (the screens show it as the app would).
 */
export function apiError(status: number, message?: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = {
    data: message === undefined ? '' : { message },
    status,
    statusText: '',
    headers: {},
    config,
  };
  return new AxiosError(
    message ?? `Request failed with status code ${status}`,
    status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
    config,
    null,
    response,
  );
}
