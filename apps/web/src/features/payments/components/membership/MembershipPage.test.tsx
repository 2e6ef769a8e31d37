import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../../mocks/auth';
import type { MembershipResponse } from '@studio/contracts';
import { http, HttpResponse } from 'msw';
import {
  freeMembership,
  paymentsHandlers,
  sampleMemberships,
  samplePayment,
} from '../../../../mocks/handlers/payments';
import { renderInApp } from '../../../../test/render';
import { server } from '../../../../test/server';
import { MembershipPage } from './MembershipPage';

const slow = { timeout: 5000 };

describe('MembershipPage', { timeout: 20_000 }, () => {
  it('shows the plan, the history and a printable receipt', async () => {
    server.use(paymentsHandlers.membershipPro);
    const print = vi.fn();
    const onChoosePro = vi.fn();
    const { user } = renderInApp(
      <MembershipPage user={sampleUser} onChoosePro={onChoosePro} print={print} />,
    );
    const plan = await screen.findByRole('region', { name: 'Current plan' }, slow);
    expect(plan).toHaveTextContent('Pro until Dec 21, 2026');
    expect(plan).toHaveTextContent('2,000 messages a day');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Paid');
    expect(rows[2]).toHaveTextContent('Cancelled');
    // The cancelled payment took no money: no receipt.
    expect(screen.getAllByRole('button', { name: /^Receipt for payment/ })).toHaveLength(1);

    await user.click(
      screen.getByRole('button', { name: `Receipt for payment ${samplePayment.transactionRef}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' }, slow);
    expect(dialog).toHaveTextContent('AI Studio');
    expect(dialog).toHaveTextContent('Linh Nguyen');
    expect(dialog).toHaveTextContent('linh.nguyen@example.com');
    expect(dialog).toHaveTextContent('14422574');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add GodMode' }));
    expect(onChoosePro).toHaveBeenCalledWith({ period: 'monthly', godmode: true });
  });

  it('renews Pro + GodMode for the period last paid for', async () => {
    server.use(paymentsHandlers.membershipGodmode);
    const onChoosePro = vi.fn();
    const { user } = renderInApp(<MembershipPage user={sampleUser} onChoosePro={onChoosePro} />);
    const plan = await screen.findByRole('region', { name: 'Current plan' }, slow);
    expect(plan).toHaveTextContent('GodMode until Nov 2, 2026');
    expect(screen.queryByRole('button', { name: 'Add GodMode' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Renew Pro' }));
    expect(onChoosePro).toHaveBeenCalledWith({ period: 'yearly', godmode: true });
  });

  it('offers to continue or cancel a payment left open, and shows it cancelled after', async () => {
    const pending = sampleMemberships.pending.payments[0];
    if (!pending) throw new Error('no sample');
    let membership: MembershipResponse = sampleMemberships.pending;
    const cancelled: string[] = [];
    server.use(
      http.get('*/api/membership', () => HttpResponse.json(membership)),
      http.post<{ id: string }>('*/api/payments/:id/cancel', ({ params }) => {
        cancelled.push(params.id);
        const after = { ...pending, status: 'cancelled' as const, outcome: 'cancelled' as const };
        membership = { ...membership, payments: [{ ...after, retryUrl: null }] };
        return HttpResponse.json({ ...after, retryUrl: null, membership: freeMembership });
      }),
    );
    const { user } = renderInApp(<MembershipPage user={sampleUser} onChoosePro={vi.fn()} />);
    const table = await screen.findByRole('table', {}, slow);
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('Pending');
    expect(
      within(row).getByRole('link', { name: `Continue payment ${pending.transactionRef}` }),
    ).toHaveAttribute('href', pending.retryUrl);

    await user.click(
      within(row).getByRole('button', { name: `Cancel payment ${pending.transactionRef}` }),
    );
    expect(await screen.findByText('Payment cancelled', {}, slow)).toBeVisible();
    expect(cancelled).toEqual([pending.orderId]);
    // The history is read again: the payment is cancelled, with nothing left to do.
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(
        'Cancelled',
      ),
    );
    expect(screen.queryByRole('link', { name: /^Continue payment/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel payment/ })).toBeNull();
  });

  it('says when a cancel fails and keeps the payment open', async () => {
    server.use(paymentsHandlers.membershipPending, paymentsHandlers.cancelPaymentError);
    const { user } = renderInApp(<MembershipPage user={sampleUser} onChoosePro={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: /^Cancel payment/ }, slow));
    expect(await screen.findByText("We couldn't cancel the payment", {}, slow)).toBeVisible();
    expect(screen.getByRole('button', { name: /^Cancel payment/ })).toBeEnabled();
  });

  it('says when it could not load, and loads again on retry', async () => {
    server.use(paymentsHandlers.membershipError);
    const { user } = renderInApp(<MembershipPage user={sampleUser} onChoosePro={vi.fn()} />);
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
      'Your membership could not be loaded',
    );
    server.use(paymentsHandlers.membershipFree);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'No payments yet' }, slow),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  });
});
