import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { renderInApp } from '../../../test/render';
import { server } from '../../../test/server';
import { expiryChoicesUpTo, ShareDialog } from './ShareDialog';

afterEach(() => vi.restoreAllMocks());

function renderDialog() {
  const onOpenChange = vi.fn();
  const rendered = renderInApp(
    <ShareDialog open onOpenChange={onOpenChange} conversationId="conv-01" title="Da Lat" />,
  );
  return { ...rendered, onOpenChange };
}

describe('ShareDialog', { timeout: 20_000 }, () => {
  it('creates a link for the chosen days and shows it rebuilt on this origin', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/chat/share', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          isShared: true,
          slug: 'S1ug',
          shareUrl: 'http://10.0.0.5:5000/share/S1ug',
          expiresAt: '2026-12-21T09:30:00.000Z',
        });
      }),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    const expiry = await within(dialog).findByRole('combobox', { name: 'Link expires after' });
    expect(expiry).toHaveValue('7');
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 day', '7 days', '30 days']);
    await user.selectOptions(expiry, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Share link' });
    expect(link).toHaveValue(`${window.location.origin}/share/S1ug`);
    expect(body).toEqual({ conversationId: 'conv-01', expiresInDays: 30 });
    expect(within(dialog).getByText(/^Shared until /)).toBeVisible();
  });

  it('offers a Pro account the year its plan promises (issue 22 §5)', async () => {
    let body: unknown;
    server.use(
      conversationsHandlers.shareStatusPro,
      http.post('*/api/chat/share', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          isShared: true,
          slug: 'S1ug',
          shareUrl: null,
          expiresAt: '2027-11-27T09:30:00.000Z',
        });
      }),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    const expiry = await within(dialog).findByRole('combobox', { name: 'Link expires after' });
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 day', '7 days', '30 days', '90 days', '365 days']);
    await user.selectOptions(expiry, '365');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByRole('textbox', { name: 'Share link' });
    expect(body).toEqual({ conversationId: 'conv-01', expiresInDays: 365 });
  });

  it("offers the usual lifetimes up to the plan's maximum, and the maximum itself", () => {
    expect(expiryChoicesUpTo(30)).toEqual([1, 7, 30]);
    expect(expiryChoicesUpTo(365)).toEqual([1, 7, 30, 90, 365]);
    expect(expiryChoicesUpTo(60)).toEqual([1, 7, 30, 60]);
    expect(expiryChoicesUpTo(1)).toEqual([1]);
  });

  it('has one button named Close, in both states (issue 13 §8)', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    await within(dialog).findByRole('button', { name: 'Create link' });
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByRole('textbox', { name: 'Share link' });
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeVisible();
  });

  it('copies the link and says so', async () => {
    server.use(conversationsHandlers.shareStatusShared);
    const { user } = renderDialog();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/slug-conv-01`);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeVisible();
  });

  it('revokes after confirming, and can share again', async () => {
    server.use(conversationsHandlers.shareStatusShared);
    const revoked: string[] = [];
    server.use(
      http.delete('*/api/chat/share/:id', ({ params }) => {
        revoked.push(String(params['id']));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeVisible();
    expect(revoked).toEqual(['conv-01']);
  });

  it('says why creating failed, in the server words', async () => {
    server.use(conversationsHandlers.shareFailure);
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't create the link: Sharing is not available right now.",
    );
  });

  it('offers to try again when the status cannot be read', async () => {
    server.use(conversationsHandlers.shareStatusFailure);
    const { user } = renderDialog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't check the share link");
    server.use(conversationsHandlers.shareStatus);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create link' })).toBeVisible());
  });
});
