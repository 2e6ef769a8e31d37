import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signalSignedOut } from '../../../lib/api/session';
import { createMemoryStore, storageKeys } from '../../../lib/storage';
import {
  acceptingAuthService,
  failingAuthService,
  sampleUser,
  signedInAuthService,
} from '../../../mocks/auth';
import {
  b2cIdentity,
  localConfig,
  misconfiguredIdentity,
  sandboxIdentity,
} from '../../../mocks/handlers/config';
import { renderInApp } from '../../../test/render';
import type { AuthService, SignInProgress } from '../authService';
import { useAuth, type AuthContextValue } from '../hooks/useAuth';
import { AuthConfigurationAlert } from './AuthConfigurationAlert';

const latest: { value?: AuthContextValue } = {};

function Probe() {
  const auth = useAuth();
  useEffect(() => {
    latest.value = auth;
  });
  return (
    <p data-testid="auth">
      {auth.status} {auth.progress} {auth.user?.email ?? '-'}
    </p>
  );
}

const shown = () => screen.getByTestId('auth').textContent;
function auth(): AuthContextValue {
  if (!latest.value) throw new Error('The probe has not rendered yet.');
  return latest.value;
}

/** Another tab of the origin changed the token in local storage. */
function otherTab(oldValue: string | null, newValue: string | null) {
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.token, oldValue, newValue }),
    );
  });
}

afterEach(() => vi.restoreAllMocks());

describe('auth state (§4)', () => {
  it('starts initialising, then is authenticated when a session is restored', async () => {
    renderInApp(<Probe />, { services: { auth: signedInAuthService() } });
    expect(shown()).toBe('initialising startup -');
    await waitFor(() => expect(shown()).toBe(`authenticated none ${sampleUser.email}`));
  });

  it('is unauthenticated when there is nothing to restore, or restoring fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken: AuthService = {
      ...acceptingAuthService(),
      restoreSession: () => Promise.reject(new Error('offline')),
    };
    renderInApp(<Probe />, { services: { auth: broken } });
    await waitFor(() => expect(shown()).toBe('unauthenticated none -'));
    expect(warn).toHaveBeenCalledOnce();
  });

  it('becomes authenticated by each way of signing in', async () => {
    renderInApp(<Probe />, { services: { auth: acceptingAuthService() } });
    await waitFor(() => expect(shown()).toBe('unauthenticated none -'));
    await act(() => auth().signIn({ email: 'a@example.com', password: 'secret1' }));
    expect(shown()).toBe('authenticated none a@example.com');
    await act(() => auth().verifyCode('b@example.com', '123456'));
    expect(shown()).toBe('authenticated none b@example.com');
    await act(() => auth().confirmRegistration('c@example.com', '123456'));
    expect(shown()).toBe('authenticated none c@example.com');
  });

  it('shows the sign-in progress the service reports (§4)', async () => {
    let report: (progress: SignInProgress) => void = () => undefined;
    const service: AuthService = {
      ...acceptingAuthService(),
      onProgress: (listener) => {
        report = listener;
        listener('startup');
        return () => undefined;
      },
    };
    renderInApp(<Probe />, { services: { auth: service } });
    await waitFor(() => expect(shown()).toBe('unauthenticated none -'));
    act(() => report('login'));
    expect(shown()).toBe('unauthenticated login -');
    act(() => report('none'));
    expect(shown()).toBe('unauthenticated none -');
  });

  it('ends the session on a 401 (logout signalled in this tab)', async () => {
    renderInApp(<Probe />, { services: { auth: signedInAuthService() } });
    await waitFor(() => expect(shown()).toContain('authenticated'));
    act(() => signalSignedOut());
    expect(shown()).toBe('unauthenticated none -');
  });

  it('ends the session when another tab signs out (its token left local storage)', async () => {
    renderInApp(<Probe />, { services: { auth: signedInAuthService() } });
    await waitFor(() => expect(shown()).toContain('authenticated'));
    otherTab('old-token', null);
    expect(shown()).toBe('unauthenticated none -');
  });

  it('picks up a sign-in in another tab', async () => {
    let signedInElsewhere = false;
    const service: AuthService = {
      ...acceptingAuthService(),
      restoreSession: () => Promise.resolve(signedInElsewhere ? sampleUser : null),
    };
    renderInApp(<Probe />, { services: { auth: service } });
    await waitFor(() => expect(shown()).toBe('unauthenticated none -'));
    signedInElsewhere = true;
    otherTab(null, 'new-token');
    await waitFor(() => expect(shown()).toBe(`authenticated none ${sampleUser.email}`));
  });

  it('a refreshed token in another tab changes nothing', async () => {
    const restoreSession = vi.fn(() => Promise.resolve(sampleUser));
    renderInApp(<Probe />, {
      services: { auth: { ...acceptingAuthService(), restoreSession } },
    });
    await waitFor(() => expect(shown()).toContain('authenticated'));
    otherTab('old-token', 'rotated-token');
    expect(restoreSession).toHaveBeenCalledTimes(1);
    expect(shown()).toContain('authenticated');
  });

  it('signs out here even when the server could not be told, and says so', async () => {
    const service: AuthService = {
      ...signedInAuthService(),
      signOut: () => Promise.reject(new Error('Network Error')),
    };
    const store = createMemoryStore({ [storageKeys.token]: 't', [storageKeys.account]: '{}' });
    renderInApp(<Probe />, { services: { auth: service, store } });
    await waitFor(() => expect(shown()).toContain('authenticated'));
    await act(() => expect(auth().signOut()).rejects.toThrow('Network Error'));
    expect(shown()).toBe('unauthenticated none -');
    expect(store.get(storageKeys.token)).toBeNull();
  });

  it('keeps the session when signing out everywhere fails', async () => {
    const service: AuthService = {
      ...signedInAuthService(),
      signOutEverywhere: () => Promise.reject(new Error('Server error')),
    };
    renderInApp(<Probe />, { services: { auth: service } });
    await waitFor(() => expect(shown()).toContain('authenticated'));
    await act(() => expect(auth().signOutEverywhere()).rejects.toThrow('Server error'));
    expect(shown()).toContain('authenticated');
  });

  it('endSession forgets the token, the account and MSAL’s cache without asking the server', async () => {
    const store = createMemoryStore({ [storageKeys.token]: 't', [storageKeys.account]: '{}' });
    window.localStorage.setItem('msal.3.account.keys', '[]');
    const service = { ...signedInAuthService(), signOut: vi.fn(() => Promise.resolve()) };
    renderInApp(<Probe />, { services: { auth: service, store } });
    await waitFor(() => expect(shown()).toContain('authenticated'));
    act(() => auth().endSession());
    expect(shown()).toBe('unauthenticated none -');
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem('msal.3.account.keys')).toBeNull());
    expect(service.signOut).not.toHaveBeenCalled();
  });

  it('updates the user when the profile is read again', async () => {
    renderInApp(<Probe />, { services: { auth: signedInAuthService() } });
    await waitFor(() => expect(shown()).toContain('authenticated'));
    await act(() => auth().reloadUser());
    expect(auth().user).toEqual(sampleUser);
  });

  it('passes failures through to the screens, unchanged', async () => {
    renderInApp(<Probe />, { services: { auth: failingAuthService() } });
    await waitFor(() => expect(shown()).toBe('unauthenticated none -'));
    await expect(auth().signIn({ email: 'a@example.com', password: 'x' })).rejects.toMatchObject({
      response: { status: 401, data: { message: 'Invalid email or password.' } },
    });
    expect(shown()).toBe('unauthenticated none -');
  });
});

describe('social sign-in and the §8 start-up check', () => {
  it.each([
    ['no identity service', null, { available: false, sandbox: false }],
    ['the sandbox provider', sandboxIdentity, { available: true, sandbox: true }],
    ['Azure AD B2C', b2cIdentity, { available: true, sandbox: false }],
  ])('offers the providers as configured: %s', async (_case, identity, providers) => {
    renderInApp(<Probe />, { config: { ...localConfig, identity } });
    await waitFor(() => expect(auth().providers).toEqual(providers));
    expect(auth().configurationError).toBeNull();
  });

  it('reports invalid settings, logs what is wrong and turns social sign-in off', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInApp(<Probe />, { config: { ...localConfig, identity: misconfiguredIdentity } });
    await waitFor(() => expect(auth().configurationError).not.toBeNull());
    expect(auth().configurationError?.message).toBe(
      'Error: Application authentication configuration is invalid. Please contact support.',
    );
    expect(auth().providers.available).toBe(false);
    expect(error).toHaveBeenCalledWith(
      'Error: Application authentication configuration is invalid. Please contact support.',
      ['the client id is missing', 'the scope is missing'],
    );
  });

  it('shows the error in an alert, in English and in Vietnamese', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = { ...localConfig, identity: misconfiguredIdentity };
    const { unmount } = renderInApp(<AuthConfigurationAlert />, { config });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Application authentication configuration is invalid. Please contact support.',
    );
    unmount();
    renderInApp(<AuthConfigurationAlert />, { config, language: 'vi' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Lỗi: Cấu hình xác thực của ứng dụng không hợp lệ. Vui lòng liên hệ bộ phận hỗ trợ.',
    );
  });

  it('shows no alert when the settings are fine', async () => {
    renderInApp(
      <>
        <Probe />
        <AuthConfigurationAlert />
      </>,
      { config: { ...localConfig, identity: sandboxIdentity } },
    );
    await waitFor(() => expect(auth().providers.available).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
