import {
  acceptedResponse,
  sessionResponse,
  userProfile,
  type SessionResponse,
  type UserProfile,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import type { RegistrationDetails, SignInCredentials } from '../authService';

/**
 * The API's first-party sign-in routes (common brief), on the cookie client: the refresh token
 * travels only as an HttpOnly cookie, and the CSRF header goes with every state change.
 * Calls that present credentials are marked so their 401 is "wrong credentials", not "signed
 * out", and no token is renewed before them.
 */
const credentials = { credentialsCall: true } as const;

async function post(path: string, body?: unknown): Promise<unknown> {
  const { data } = await cookieClient.post<unknown>(path, body, credentials);
  return data;
}

export async function login(body: SignInCredentials): Promise<SessionResponse> {
  return sessionResponse.parse(await post('/api/auth/login', body));
}

export async function register(body: RegistrationDetails): Promise<void> {
  acceptedResponse.parse(await post('/api/auth/register', body));
}

export async function confirmRegistration(email: string, code: string): Promise<SessionResponse> {
  return sessionResponse.parse(await post('/api/auth/register/confirm', { email, code }));
}

export async function requestCode(email: string): Promise<void> {
  acceptedResponse.parse(await post('/api/auth/request-code', { email }));
}

export async function verifyCode(email: string, code: string): Promise<SessionResponse> {
  return sessionResponse.parse(await post('/api/auth/verify-code', { email, code }));
}

export async function requestPasswordReset(email: string): Promise<void> {
  acceptedResponse.parse(await post('/api/auth/request-password-reset', { email }));
}

export async function completePasswordReset(token: string, newPassword: string): Promise<void> {
  acceptedResponse.parse(await post('/api/auth/complete-reset-password', { token, newPassword }));
}

/** Rotates the refresh cookie and returns a new access token (401 when the session is over). */
export async function refresh(): Promise<SessionResponse> {
  return sessionResponse.parse(await post('/api/auth/refresh'));
}

/** Revokes this browser's refresh token and clears its cookie; the bearer token is optional. */
export async function logout(): Promise<void> {
  await cookieClient.post('/api/auth/logout', undefined, credentials);
}

/** Ends every session of the signed-in user. */
export async function signOutEverywhere(): Promise<void> {
  await cookieClient.post('/api/auth/signout-everywhere');
}

/**
 * The signed-in user (§3). With an external identity service's token, the API creates or links
 * the local user on the first call.
 */
export async function getProfile(): Promise<UserProfile> {
  const { data } = await cookieClient.get<unknown>('/api/userprofile');
  return userProfile.parse(data);
}
