import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { initialisingAuthService, signedInAuthService } from '../../../mocks/auth';
import { renderApp } from '../../../test/render';
import { RequireAuth } from './RequireAuth';

function WhereAmI() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

const routes = [
  { path: '/login', element: <WhereAmI /> },
  {
    element: <RequireAuth />,
    children: [{ path: '/membership', element: <p>Members only</p> }],
  },
];

describe('RequireAuth (§2)', () => {
  it('shows a spinner while auth initialises', async () => {
    renderApp({
      routes,
      initialEntries: ['/membership'],
      services: { auth: initialisingAuthService },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByText('Members only')).not.toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to /login, remembering the origin path', async () => {
    renderApp({ routes, initialEntries: ['/membership?tab=billing#plan'] });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/login {"from":"/membership?tab=billing#plan"}',
    );
    expect(screen.queryByText('Members only')).not.toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    renderApp({
      routes,
      initialEntries: ['/membership'],
      services: { auth: signedInAuthService() },
    });
    expect(await screen.findByText('Members only')).toBeInTheDocument();
  });

  it('sends a user signed out in another tab to /login, remembering where they were', async () => {
    renderApp({
      routes,
      initialEntries: ['/membership'],
      services: { auth: signedInAuthService() },
    });
    expect(await screen.findByText('Members only')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: storageKeys.token, oldValue: 'token', newValue: null }),
      );
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/login {"from":"/membership"}',
    );
  });
});
