import { MUST_BE_LOGGED_IN } from '@studio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AuthService } from '../../features/auth/authService';
import { AuthOverride } from '../../features/auth/components/AuthOverride';
import type { AuthContextValue } from '../../features/auth/hooks/useAuth';
import { acceptingAuthService, signedInAuthService } from '../../mocks/auth';
import { paymentsHandlers } from '../../mocks/handlers/payments';
import { webauthnHandlers } from '../../mocks/handlers/webauthn';
import { CeremonyContext } from '../../features/biometrics/ceremony';
import { fakeCeremony } from '../../features/biometrics/fakeCeremony';
import { createMemoryStore, storageKeys, type KeyValueStore } from '../../lib/storage';
import { renderApp, renderInApp } from '../../test/render';
import { server } from '../../test/server';
import { storeUpgradeMarker } from '../../features/payments/checkout/postAuthMarker';
import { UpgradeModal, type UpgradeModalProps } from './UpgradeModal';

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function Page(props: Omit<UpgradeModalProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Go Pro
      </button>
      <UpgradeModal open={open} onOpenChange={setOpen} {...props} />
      <WhereAmI />
    </>
  );
}

async function openModal({
  auth = signedInAuthService(),
  store = createMemoryStore(),
  redirect = vi.fn(),
  override = {},
  webauthn = false,
}: {
  auth?: AuthService;
  store?: KeyValueStore;
  redirect?: (url: string) => void;
  /** Parts of the auth context to replace (the social providers offered, say). */
  override?: Partial<AuthContextValue>;
  /** A browser with WebAuthn (a fake authenticator); jsdom has none. */
  webauthn?: boolean;
} = {}) {
  const page = (
    <AuthOverride value={override}>
      <CeremonyContext value={fakeCeremony({ supported: webauthn })}>
        <Page store={store} redirect={redirect} />
      </CeremonyContext>
    </AuthOverride>
  );
  const rendered = renderInApp(page, {
    services: { auth, store },
    initialEntries: ['/about-us'],
  });
  // Wait for auth to settle, so the modal opens at the step a user would see.
  await rendered.user.click(await screen.findByRole('button', { name: 'Go Pro' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
  return { ...rendered, store, redirect, dialog, modal: within(dialog) };
}

const currentStep = (dialog: HTMLElement) =>
  within(dialog).getByRole('listitem', { current: 'step' }).textContent?.replace(/^\d/, '');

describe('UpgradeModal (§2, §4, §8)', { timeout: 20_000 }, () => {
  it('signed out: starts at sign-in; Continue with Pro asks to sign in and goes back', async () => {
    const { user, dialog, modal } = await openModal({ auth: acceptingAuthService() });
    expect(currentStep(dialog)).toMatch(/^Sign in/);
    expect(modal.getByRole('button', { name: 'Send Code' })).toBeDisabled();
    await user.click(modal.getByRole('button', { name: 'See the plans first' }));
    expect(currentStep(dialog)).toMatch(/^Plan/);
    expect(modal.getByRole('radio', { name: /^Pro/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    expect(await modal.findByRole('alert')).toHaveTextContent(MUST_BE_LOGGED_IN);
    expect(currentStep(dialog)).toMatch(/^Sign in/);
  });

  it('after an e-mail code sign-in it moves to the plan step', async () => {
    const { user, dialog, modal } = await openModal({ auth: acceptingAuthService() });
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.click(modal.getByRole('button', { name: 'Send Code' }));
    await user.type(await modal.findByRole('textbox', { name: /Code/ }), '123456');
    await user.click(modal.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(currentStep(dialog)).toMatch(/^Plan/));
  });

  it('stores the post-auth marker before a redirect sign-in, and forgets it on close', async () => {
    const store = createMemoryStore();
    // What was stored at the moment the browser would have left for the identity service.
    let markerAtRedirect: string | null = null;
    const signInWithProvider = vi.fn(() => {
      markerAtRedirect = store.get(storageKeys.upgradeAfterSignIn);
      return Promise.resolve();
    });
    const { user, modal } = await openModal({
      auth: acceptingAuthService(),
      store,
      override: { providers: { available: true, sandbox: true }, signInWithProvider },
    });
    await user.click(modal.getByRole('button', { name: 'Continue with Google' }));
    expect(signInWithProvider).toHaveBeenCalledWith('google');
    expect(markerAtRedirect).toMatch(/"intent":"pro"/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.get(storageKeys.upgradeAfterSignIn)).toBeNull();
  });

  it('signed in: opens at the plan step; GodMode only under Pro; Back closes', async () => {
    const { user, dialog, modal } = await openModal();
    expect(currentStep(dialog)).toMatch(/^Plan/);
    const godmode = await modal.findByRole('button', { name: 'GodMode' });
    expect(godmode).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByText('+$578')).toBeVisible();
    expect(within(dialog).getByText('Optional')).toBeVisible();
    await user.click(godmode);
    expect(godmode).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('Added')).toBeVisible();
    await user.click(modal.getByRole('radio', { name: /^Free/ }));
    expect(modal.queryByRole('button', { name: 'GodMode' })).not.toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Continue with Free closes and goes to /home', async () => {
    const { user, modal } = await openModal();
    await user.click(modal.getByRole('radio', { name: /^Free/ }));
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The router moves in a transition, after the dialog's own update.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
  });

  it('pays with VNPay: the request, the pending id stored, then the redirect', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/payments/vnpay/create', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?vnp_TxnRef=T1',
          transactionRef: 'T1',
          orderId: 'pay_1',
        });
      }),
    );
    const { user, dialog, modal, store, redirect } = await openModal();
    await user.click(modal.getByRole('radio', { name: /^Yearly/ }));
    await user.click(await modal.findByRole('button', { name: 'GodMode' }));
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    expect(currentStep(dialog)).toMatch(/^Payment/);
    expect(modal.getByText('Pro, yearly')).toBeVisible();
    expect(modal.getByText('$777.99')).toBeVisible();
    await user.click(await modal.findByRole('button', { name: /^Pay .* with VNPay$/ }));
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledWith(
        'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?vnp_TxnRef=T1',
      ),
    );
    expect(store.get(storageKeys.pendingPayment)).toBe('pay_1');
    expect(body).toEqual({
      Amount: 5_780_000 + 14_450_000,
      Currency: 'VND',
      PlanType: 'pro_yearly_godmode',
      Description: 'AI Studio Pro – yearly + GodMode',
      clientTransactionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      returnUrl: `${window.location.origin}/payment/callback`,
    });
  });

  it('counts a failed start, toasts what is left, and blocks at 10', async () => {
    server.use(paymentsHandlers.paypalCreateError);
    const store = createMemoryStore({ [storageKeys.paymentAttempts]: '8' });
    const { user, modal, redirect } = await openModal({ store });
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    expect(await modal.findByText(/^Payment could not be started 8 times\./)).toBeInTheDocument();
    const paypal = await modal.findByRole('button', { name: /with PayPal$/ });
    await user.click(paypal);
    expect(await screen.findByText('Failed to initiate PayPal payment/subscription')).toBeVisible();
    expect(screen.getByText('0 of 3 attempts left')).toBeVisible();
    expect(store.get(storageKeys.paymentAttempts)).toBe('9');
    expect(await modal.findByText(/could not be started 9 times/)).toBeInTheDocument();
    await user.click(paypal);
    expect(await modal.findByRole('alert')).toHaveTextContent(/Too many payment attempts/);
    expect(store.get(storageKeys.paymentAttempts)).toBe('10');
    expect(modal.getByRole('button', { name: /with PayPal$/ })).toBeDisabled();
    expect(modal.getByRole('button', { name: /with VNPay$/ })).toBeDisabled();
    expect(modal.queryByText(/could not be started/)).not.toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('says when payment methods could not be fetched, and retries', async () => {
    server.use(paymentsHandlers.methodsError);
    const { user, modal } = await openModal();
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    const alert = await modal.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch payment methods');
    server.use(paymentsHandlers.methods);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await modal.findByRole('button', { name: /with VNPay$/ })).toBeEnabled();
  });
});

describe('UpgradeModal biometric verification (§2 step 3)', { timeout: 20_000 }, () => {
  const reason = 'Verify with one of your devices to enable the payment buttons.';

  it('without WebAuthn: the hint, and paying stays possible', async () => {
    const { user, modal } = await openModal();
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    expect(
      await modal.findByText(
        'Biometric authentication not supported on this device/browser. You can still pay securely.',
      ),
    ).toBeVisible();
    expect(await modal.findByRole('button', { name: /with VNPay$/ })).toBeEnabled();
  });

  it('required: the buttons wait, with the reason, until a device confirms', async () => {
    server.use(webauthnHandlers.credentialsRequired);
    const { user, modal } = await openModal({ webauthn: true });
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    const panel = await modal.findByRole('region', { name: "Verify it's you" });
    const paypal = await modal.findByRole('button', { name: /with PayPal$/ });
    await waitFor(() => expect(paypal).toBeDisabled());
    expect(paypal).toHaveAccessibleDescription(reason);
    expect(within(panel).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(paypal).toBeEnabled());
    expect(modal.getByRole('button', { name: /with VNPay$/ })).toBeEnabled();
    expect(within(panel).getByText('Verified. You can pay now.')).toBeVisible();
  });

  it('a 403 verificationRequired shows the panel and is not a failed attempt', async () => {
    server.use(webauthnHandlers.credentials, webauthnHandlers.vnpayCreateVerificationRequired);
    const { user, modal, store, redirect } = await openModal({ webauthn: true });
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    const panel = await modal.findByRole('region', { name: "Verify it's you" });
    await user.click(within(panel).getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(modal.queryByRole('region', { name: "Verify it's you" })).not.toBeInTheDocument(),
    );
    await user.click(modal.getByRole('button', { name: /with VNPay$/ }));
    const again = await modal.findByRole('region', { name: "Verify it's you" });
    expect(within(again).getByText('Verification is required before you pay.')).toBeVisible();
    await waitFor(() => expect(modal.getByRole('button', { name: /with VNPay$/ })).toBeDisabled());
    expect(store.get(storageKeys.paymentAttempts)).toBeNull();
    expect(screen.queryByText('Failed to initiate VNPay payment/subscription')).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('no devices: enable and manage them in a sub-view, then back', async () => {
    const { user, modal } = await openModal({ webauthn: true });
    await user.click(modal.getByRole('button', { name: 'Continue' }));
    expect(await modal.findByText('Add a passkey to confirm payments')).toBeVisible();
    await user.click(modal.getByRole('button', { name: 'Enable and manage devices' }));
    expect(modal.getByRole('heading', { name: 'Biometric devices' })).toBeVisible();
    expect(modal.queryByRole('button', { name: /with PayPal$/ })).not.toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Back to payment' }));
    expect(await modal.findByText('Add a passkey to confirm payments')).toBeVisible();
    expect(await modal.findByRole('button', { name: /with PayPal$/ })).toBeEnabled();
  });
});

describe('AppLayout and the upgrade modal', { timeout: 20_000 }, () => {
  it('the header Pro button opens it', async () => {
    const { user } = renderApp({ initialEntries: ['/about-us'] });
    const header = within(await screen.findByRole('banner'));
    await user.click(header.getByRole('button', { name: 'Go Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(currentStep(dialog)).toMatch(/^Sign in/);
  });

  it('back signed in from a redirect sign-in, it reopens at the plan step once', async () => {
    const store = createMemoryStore();
    storeUpgradeMarker(store);
    renderApp({
      initialEntries: ['/about-us'],
      services: { auth: signedInAuthService(), store },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(currentStep(dialog)).toMatch(/^Plan/);
    await waitFor(() => expect(store.get(storageKeys.upgradeAfterSignIn)).toBeNull());
  });
});

describe('UpgradeModal prices', { timeout: 20_000 }, () => {
  it('shows a converted currency as approximate, with the note', async () => {
    const { user, modal } = await openModal({
      auth: acceptingAuthService(),
      store: createMemoryStore({ [storageKeys.currency]: 'EUR' }),
    });
    await user.click(modal.getByRole('button', { name: 'See the plans first' }));
    expect(await modal.findByText(/^Prices in EUR are approximate\./)).toBeVisible();
    expect(modal.getByRole('radio', { name: /^Pro/ })).toHaveAccessibleName(/≈ €18\.39/);
  });
});
