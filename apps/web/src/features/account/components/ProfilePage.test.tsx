import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../mocks/auth';
import { authHandlers } from '../../../mocks/handlers/auth';
import { server } from '../../../test/server';
import { renderApp } from '../../../test/render';
import { ProfilePage, type ProfilePageProps } from './ProfilePage';

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

type Callbacks = Pick<
  ProfilePageProps,
  'onProfileChanged' | 'onSignOutEverywhere' | 'onAccountDeleted'
>;

function renderProfile(props: Partial<Callbacks> = {}) {
  const callbacks = {
    onProfileChanged: vi.fn(),
    onSignOutEverywhere: vi.fn(() => Promise.resolve()),
    onAccountDeleted: vi.fn(),
    ...props,
  };
  const rendered = renderApp({
    routes: [
      {
        path: '*',
        element: (
          <>
            <ProfilePage
              user={sampleUser}
              preferences={{ language: 'English', currency: 'USD', theme: 'Dark' }}
              {...callbacks}
            />
            <WhereAmI />
          </>
        ),
      },
    ],
    initialEntries: ['/profile'],
  });
  return { ...rendered, ...callbacks };
}

describe('ProfilePage', () => {
  it('shows no roles, an internal detail (issue 13 §8), and the member-since day', async () => {
    renderProfile();
    const details = await screen.findByRole('region', { name: 'Account' });
    expect(within(details).getByText('Member since')).toBeVisible();
    expect(details).not.toHaveTextContent(/Roles/);
  });

  it('shows who is signed in and where, this device first and marked', async () => {
    renderProfile();
    const details = await screen.findByRole('region', { name: 'Account' });
    expect(within(details).getByText('linh.nguyen@example.com')).toBeVisible();
    expect(within(details).getByText('Email and password')).toBeVisible();
    expect(within(details).getByText('Free')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Active sign-ins' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/ on |Unknown device/).textContent)).toEqual([
      'Chrome on WindowsThis device',
      'Safari on iOS',
      'Unknown device',
    ]);
  });

  it('signs one device out with DELETE /api/auth/sessions/:id', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/auth/sessions/:id', ({ params }) => {
        deleted.push(String(params['id']));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderProfile();
    const list = await screen.findByRole('list', { name: 'Active sign-ins' });
    await user.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(deleted).toEqual(['session-phone']);
    expect(await screen.findByText('That device has been signed out')).toBeVisible();
  });

  it('offers to try again when the sessions cannot be loaded', async () => {
    server.use(authHandlers.sessionsFailure);
    const { user } = renderProfile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your sign-ins");
    server.use(authHandlers.sessionsEmpty);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No active sign-ins' })).toBeVisible();
  });

  it('saves the display name with PATCH /api/userprofile', async () => {
    let body: unknown;
    server.use(
      http.patch('*/api/userprofile', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...sampleUser, displayName: 'Linh N.' });
      }),
    );
    const { user, onProfileChanged } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit display name' }));
    const field = screen.getByRole('textbox', { name: /Display name/ });
    await user.clear(field);
    await user.type(field, '  Linh N.  {Enter}');
    await waitFor(() => expect(onProfileChanged).toHaveBeenCalled());
    expect(body).toEqual({ displayName: 'Linh N.' });
    expect(screen.getByRole('region', { name: 'Account' })).toHaveTextContent('Linh N.');
    expect(screen.getByRole('button', { name: 'Edit display name' })).toHaveFocus();
  });

  it('deletes the account only once DELETE is typed, then ends the session and goes home', async () => {
    let body: unknown;
    server.use(
      http.delete('*/api/userprofile', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, onAccountDeleted } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Type DELETE/ }), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(
      await within(dialog).findByText('Type DELETE in capital letters to confirm'),
    ).toBeVisible();
    expect(body).toBeUndefined();

    const word = within(dialog).getByRole('textbox', { name: /Type DELETE/ });
    await user.clear(word);
    await user.type(word, 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(onAccountDeleted).toHaveBeenCalledOnce());
    expect(body).toEqual({ confirm: 'DELETE' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('signs out everywhere after a confirmation, then goes home', async () => {
    const { user, onSignOutEverywhere } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(onSignOutEverywhere).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(onSignOutEverywhere).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
