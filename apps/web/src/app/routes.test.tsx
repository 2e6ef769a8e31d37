import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { acceptingAuthService, sampleUser, signedInAuthService } from '../mocks/auth';
import { localConfig } from '../mocks/handlers/config';
import { paymentsHandlers, paymentStatuses } from '../mocks/handlers/payments';
import { shareHandlers } from '../mocks/handlers/share';
import { server } from '../test/server';
import { renderApp } from '../test/render';
import { AppLayout } from './AppLayout';

describe('the shell', () => {
  it('has the landmarks, a skip link and a translated document title', async () => {
    renderApp({ initialEntries: ['/plans'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans & Pricing' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // jsdom applies no @media rules, so the page is laid out as a phone's: the compact header
    // hides the menu groups (the drawer has them), and a hidden element has no accessible name.
    // The wide header's landmark is checked by the Layout stories and e2e.
    expect(document.querySelector('nav[aria-label="Main menu"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    await waitFor(() => expect(document.title).toBe('Plans & Pricing · AI Studio'));
  });

  it('is in Vietnamese, title included', async () => {
    renderApp({ initialEntries: ['/plans'], language: 'vi' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gói dịch vụ và bảng giá' }),
    ).toBeVisible();
    expect(document.querySelector('nav[aria-label="Menu chính"]')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Gói dịch vụ và bảng giá · AI Studio'));
  });

  it('shows the sandbox notice when the configuration says so', async () => {
    renderApp({ initialEntries: ['/plans'], config: { ...localConfig, sandbox: true } });
    expect(await screen.findByRole('complementary', { name: 'Sandbox' })).toHaveTextContent(
      'no real money moves',
    );
  });

  it('answers an unknown path with the not-found page', async () => {
    renderApp({ initialEntries: ['/no/such/page'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · AI Studio'));
  });

  it('opens the menu drawer from the header, and a link in it navigates and closes it', async () => {
    const { user } = renderApp({ initialEntries: ['/plans'] });
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('link', { name: 'Imagen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Imagen' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the root error boundary (§4)', () => {
  function Crash(): never {
    throw new Error('The chat list could not be drawn');
  }

  it('replaces the app with the translated error screen, with the error text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({
      language: 'vi',
      routes: [
        {
          element: <AppLayout />,
          children: [{ path: '*', element: <Crash /> }],
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Đã xảy ra lỗi' })).toBeVisible();
    expect(screen.getByText('The chat list could not be drawn')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tải lại trang' })).toBeVisible();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    error.mockRestore();
  });
});

describe('auth pages', () => {
  it('validates the login form with the §5 texts', async () => {
    const { user } = renderApp({ initialEntries: ['/login'] });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Email is required',
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'linh@');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Email is invalid',
    );
  });

  it('says honestly that sign-in is not available yet', async () => {
    const { user } = renderApp({ initialEntries: ['/login'] });
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Sign-in is not available yet')).toBeVisible();
    // The typed address stays.
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('linh@example.com');
  });

  it('register: username, confirmation and matching passwords', async () => {
    const { user } = renderApp({ initialEntries: ['/register'] });
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'li');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      'Please confirm your password',
    );
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      'Passwords do not match',
    );
  });

  it('returns to the protected page the visitor asked for after signing in', async () => {
    const { user } = renderApp({
      initialEntries: ['/membership'],
      services: { auth: acceptingAuthService() },
    });
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible();
  });

  it('signout callback clears the stored token and account and goes home', async () => {
    const { services } = renderApp({
      initialEntries: ['/auth/signout-callback'],
      services: { auth: signedInAuthService() },
    });
    services.store.set('token', 'abc');
    services.store.set('account', '{}');
    await waitFor(() => expect(services.store.get('token')).toBeNull());
    expect(services.store.get('account')).toBeNull();
  });
});

describe('/share/{slug} (§2)', () => {
  it('shows the conversation: title, roles, times and contents', async () => {
    renderApp({ initialEntries: ['/share/da-lat'] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Planning a weekend in Da Lat' }),
    ).toBeVisible();
    const messages = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toHaveTextContent('User');
    expect(messages[1]).toHaveTextContent('Assistant');
    expect(messages[1]).toHaveTextContent('Day 2: sunrise at Langbiang');
    expect(within(messages[0] as HTMLElement).getByText(/2026/)).toHaveAttribute(
      'datetime',
      '2026-11-20T08:15:00.000Z',
    );
  });

  it("falls back to 'Shared Conversation' without a title", async () => {
    server.use(shareHandlers.untitled);
    renderApp({ initialEntries: ['/share/abc'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shared Conversation' }),
    ).toBeVisible();
  });

  it("shows the server's message", async () => {
    server.use(shareHandlers.notFound);
    renderApp({ initialEntries: ['/share/gone'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This share link has expired or was removed.',
    );
  });

  it("shows 'Failed to load shared conversation' when nobody said why", async () => {
    server.use(shareHandlers.serverError);
    renderApp({ initialEntries: ['/share/abc'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load shared conversation',
    );
  });

  it('refuses an empty slug', async () => {
    renderApp({ initialEntries: ['/share/'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Share link is missing or invalid.');
  });
});

/** Lazy pages load cold in the first test of a run; a busy CI machine needs the margin. */
const slow = { timeout: 5000 };

describe('/payment/callback', () => {
  it('posts a VNPay return to the callback, shows Pro and reloads the profile', async () => {
    const auth = signedInAuthService();
    const reloadUser = vi
      .spyOn(auth, 'reloadUser')
      .mockResolvedValue({ ...sampleUser, subscriptionTier: 'pro' });
    let posted: unknown;
    server.use(
      http.post('*/api/payments/vnpay/callback', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(paymentStatuses.completed);
      }),
    );
    const { services } = renderApp({
      initialEntries: ['/payment/callback?provider=vnpay&vnp_TxnRef=01JDX4&vnp_SecureHash=ab'],
      services: { auth },
    });
    services.store.set('pendingPaymentTransactionId', 'pay_01');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received' }, slow),
    ).toBeVisible();
    expect(posted).toEqual({ provider: 'vnpay', vnp_TxnRef: '01JDX4', vnp_SecureHash: 'ab' });
    expect(screen.getByText(/Pro is active until Dec 21, 2026/)).toBeVisible();
    await waitFor(() => expect(reloadUser).toHaveBeenCalledTimes(1));
    expect(services.store.get('pendingPaymentTransactionId')).toBeNull();
  });

  it('captures a PayPal return with POST', async () => {
    let captured: unknown;
    server.use(
      http.post('*/api/payments/paypal/capture', async ({ request }) => {
        captured = await request.json();
        return HttpResponse.json(paymentStatuses.completed);
      }),
    );
    renderApp({
      initialEntries: ['/payment/callback?provider=paypal&txnRef=01JCQ7&token=5O19&PayerID=Q'],
      services: { auth: signedInAuthService() },
    });
    expect(await screen.findByRole('heading', { name: 'Payment received' }, slow)).toBeVisible();
    expect(captured).toEqual({ orderId: '5O19', txnRef: '01JCQ7' });
  });

  it("shows 'Failed to check payment status' with the server's message", async () => {
    renderApp({ initialEntries: ['/payment/callback?txnRef=TX-1'] });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('Failed to check payment status');
    expect(alert).toHaveTextContent('Payment not found');
  });

  it('without a transaction id, says there is no payment to look up', async () => {
    renderApp({ initialEntries: ['/payment/callback'] });
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
      'We could not find this payment',
    );
    expect(screen.getByRole('link', { name: 'Back to Plans & Pricing' })).toHaveAttribute(
      'href',
      '/plans',
    );
  });

  it('is in Vietnamese', async () => {
    server.use(paymentsHandlers.statusCompleted);
    renderApp({ initialEntries: ['/payment/callback?txnRef=TX-2'], language: 'vi' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Đã nhận thanh toán' }, slow),
    ).toBeVisible();
  });
});

describe('/plans and /membership', () => {
  it('shows what each plan unlocks from the pricing, and the GodMode label', async () => {
    renderApp({ initialEntries: ['/plans'] });
    const pro = await screen.findByRole('article', { name: 'Pro' }, slow);
    expect(await within(pro).findByText('2,000 messages a day', {}, slow)).toBeVisible();
    expect(screen.getByRole('article', { name: 'GodMode add-on' })).toHaveTextContent('+$578');
  });

  it('keeps the §9 prices when pricing fails', async () => {
    server.use(paymentsHandlers.pricingError);
    renderApp({ initialEntries: ['/plans'] });
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Failed to fetch pricing');
    expect(screen.getByRole('article', { name: 'Pro' })).toHaveTextContent('$19.99');
  });

  it("opens the Pro modal at the plan step from 'Choose Pro', with the period chosen", async () => {
    const { user } = renderApp({
      initialEntries: ['/plans'],
      services: { auth: signedInAuthService() },
    });
    await user.click(await screen.findByRole('tab', { name: 'Yearly' }, slow));
    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' }, slow);
    expect(
      await within(dialog).findByRole('heading', { name: 'Choose your plan' }, slow),
    ).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: /Yearly/ })).toBeChecked();
    // A signed-in user on the plan step prefetches the payment verification (no waterfall).
    // Wait for that load, so it is not still running when this file's environment is torn down.
    await import('../features/biometrics/components/PaymentVerification');
  });

  it('lists the payments newest first on /membership', async () => {
    server.use(paymentsHandlers.membershipPro);
    renderApp({ initialEntries: ['/membership'], services: { auth: signedInAuthService() } });
    const table = await screen.findByRole('table', { name: 'Your payments, newest first' }, slow);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Paid');
    expect(rows[2]).toHaveTextContent('Cancelled');
    expect(screen.getByRole('region', { name: 'Current plan' })).toHaveTextContent(
      'Pro until Dec 21, 2026',
    );
  });
});
