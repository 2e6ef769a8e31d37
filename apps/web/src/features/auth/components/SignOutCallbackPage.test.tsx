import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore, sessionStorageKeys, storageKeys } from '../../../lib/storage';
import { signedInAuthService } from '../../../mocks/auth';
import { renderApp, renderInApp } from '../../../test/render';
import { SignOutCallbackPage } from './SignOutCallbackPage';

function Home() {
  return <p data-testid="home">{useLocation().pathname}</p>;
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('/auth/signout-callback (§2)', () => {
  it("says 'Signing out...', forgets every auth datum and goes to /", async () => {
    const store = createMemoryStore({
      [storageKeys.token]: 'token',
      [storageKeys.account]: '{"kind":"external"}',
      [storageKeys.theme]: 'forest',
    });
    window.localStorage.setItem('msal.3.account.keys', '["msal.3|a|b|c"]');
    window.localStorage.setItem('msal.3|a|b|c', 'encrypted account');
    window.sessionStorage.setItem(sessionStorageKeys.signInPending, '1');
    window.sessionStorage.setItem('msal.interaction.status', '{}');

    renderApp({
      initialEntries: ['/auth/signout-callback'],
      routes: [
        { path: '/auth/signout-callback', element: <SignOutCallbackPage /> },
        { path: '/', element: <Home /> },
      ],
      services: { store, auth: signedInAuthService() },
    });

    expect(await screen.findByTestId('home')).toHaveTextContent('/');
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    expect(store.get(storageKeys.theme)).toBe('forest');
    await waitFor(() => expect(window.localStorage.getItem('msal.3.account.keys')).toBeNull());
    expect(window.localStorage.getItem('msal.3|a|b|c')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows the text while it works', async () => {
    // The page answers every path here, so it stays after going to /, showing its message.
    renderInApp(<SignOutCallbackPage />, { initialEntries: ['/auth/signout-callback'] });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Signing out...'));
  });
});
