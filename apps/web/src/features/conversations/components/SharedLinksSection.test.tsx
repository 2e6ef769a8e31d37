import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { renderInApp } from '../../../test/render';
import { server } from '../../../test/server';
import { SharedLinksSection } from './SharedLinksSection';

describe('SharedLinksSection', { timeout: 20_000 }, () => {
  it('lists live links with their expiry, opening in a new tab safely', async () => {
    renderInApp(<SharedLinksSection />);
    const list = await screen.findByRole('list', { name: 'Your shared links' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Planning a weekend in Da Lat');
    expect(items[0]).toHaveTextContent(/Expires Nov 27, 2026/);
    const open = within(items[0] as HTMLElement).getByRole('link', {
      name: 'Open Planning a weekend in Da Lat in a new tab',
    });
    expect(open).toHaveAttribute('href', `${window.location.origin}/share/k3Jq9XrT2mVb7LpQwZ1nYc`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('revokes a link after confirming', async () => {
    const { user } = renderInApp(<SharedLinksSection />);
    const list = await screen.findByRole('list', { name: 'Your shared links' });
    await user.click(
      within(list).getByRole('button', { name: 'Revoke link to Viết email xin nghỉ phép' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).not.toHaveTextContent('Viết email xin nghỉ phép');
  });

  it('shows the empty and failed states', async () => {
    server.use(conversationsHandlers.linksEmpty);
    const { unmount } = renderInApp(<SharedLinksSection />);
    expect(await screen.findByText('No shared links')).toBeVisible();
    unmount();
    server.use(conversationsHandlers.linksFailure);
    renderInApp(<SharedLinksSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your shared linksServer error. Please try again later.",
    );
  });
});
