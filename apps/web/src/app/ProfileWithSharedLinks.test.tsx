import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../mocks/auth';
import { renderInApp } from '../test/render';
import { ProfileWithSharedLinks } from './ProfileWithSharedLinks';

describe('ProfileWithSharedLinks', () => {
  it('shows the shared links section on the profile, after the sessions', async () => {
    renderInApp(
      <ProfileWithSharedLinks
        user={sampleUser}
        preferences={{ language: 'English', currency: 'USD', theme: 'Dark' }}
        onProfileChanged={vi.fn()}
        onSignOutEverywhere={vi.fn(() => Promise.resolve())}
        onAccountDeleted={vi.fn()}
      />,
      { initialEntries: ['/profile'] },
    );
    const section = await screen.findByRole('region', { name: 'Shared links' });
    const list = await within(section).findByRole('list', { name: 'Your shared links' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const sessions = screen.getByRole('region', { name: "Where you're signed in" });
    expect(
      sessions.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
