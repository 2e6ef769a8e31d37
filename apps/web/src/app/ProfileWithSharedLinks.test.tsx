import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser, signedInAuthService } from '../mocks/auth';
import { webauthnHandlers } from '../mocks/handlers/webauthn';
import { renderApp, renderInApp } from '../test/render';
import { server } from '../test/server';
import { ProfileWithSharedLinks } from './ProfileWithSharedLinks';

function Profile() {
  return (
    <ProfileWithSharedLinks
      user={sampleUser}
      preferences={{ language: 'English', currency: 'USD', theme: 'Dark' }}
      onProfileChanged={vi.fn()}
      onSignOutEverywhere={vi.fn(() => Promise.resolve())}
      onAccountDeleted={vi.fn()}
    />
  );
}

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderSignedInProfile() {
  return renderApp({
    routes: [
      {
        path: '*',
        element: (
          <>
            <Profile />
            <WhereAmI />
          </>
        ),
      },
    ],
    initialEntries: ['/profile'],
    services: { auth: signedInAuthService() },
  });
}

describe('ProfileWithSharedLinks', () => {
  it('shows the shared links section on the profile, after the sessions', async () => {
    renderInApp(<Profile />, { initialEntries: ['/profile'] });
    const section = await screen.findByRole('region', { name: 'Shared links' });
    const list = await within(section).findByRole('list', { name: 'Your shared links' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const sessions = screen.getByRole('region', { name: "Where you're signed in" });
    expect(
      sessions.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("lists the signed-in user's biometric devices", async () => {
    server.use(webauthnHandlers.credentials);
    let asked = '';
    server.use(
      http.get('*/api/webauthn/credentials/:userId', ({ params }) => {
        asked = String(params['userId']);
        return undefined;
      }),
    );
    renderSignedInProfile();
    const section = await screen.findByRole('region', { name: 'Biometric devices' });
    const list = await within(section).findByRole('list', { name: 'Your devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(asked).toBe(sampleUser.id);
  });

  it('stays on the page when the devices call answers 401 (§6)', async () => {
    server.use(webauthnHandlers.credentialsUnauthorized);
    renderSignedInProfile();
    const section = await screen.findByRole('region', { name: 'Biometric devices' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Please sign in to use biometric verification.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });
});
