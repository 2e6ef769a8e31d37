import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@studio/ui';
import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { never } from '../../mocks/responses';
import { useLocation } from 'react-router-dom';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../testing/storybook';
import { HttpFailure } from '../../lib/api/errorText';
import { createMemoryStore, storageKeys, type KeyValueStore } from '../../lib/storage';
import { paymentsHandlers } from '../../mocks/handlers/payments';
import { webauthnHandlers } from '../../mocks/handlers/webauthn';
import { providersSandbox, withAuth } from '../../features/auth/components/authStoryDecorators';
import { withFakeAuthenticator } from '../../features/biometrics/storyDecorators';
import { UpgradeModal, type UpgradeModalProps } from './UpgradeModal';

/**
 * The stories' local storage: fresh for each story (seeded from `parameters.upgradeStore`), so
 * a play function can check what the modal stored (the attempt counter, the pending payment).
 */
const stores: { current: KeyValueStore } = { current: createMemoryStore() };
/** Where the app would send the browser (window.location.assign in the app). */
const redirect = fn();

function WhereAmI() {
  return <p>Page: {useLocation().pathname}</p>;
}

/**
 * A page with the header's Go Pro button, hosting the modal as AppLayout does (which opens it at
 * a step with a choice already made: /plans, a renewal, the callback page's Try again).
 */
function ModalOpener({
  defaultOpen = true,
  ...flow
}: { defaultOpen?: boolean } & Pick<
  UpgradeModalProps,
  'initialStep' | 'initialChoice' | 'gateways'
>) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Go Pro</Button>
      <WhereAmI />
      <UpgradeModal
        open={open}
        onOpenChange={setOpen}
        intent="pro"
        store={stores.current}
        redirect={redirect}
        {...flow}
      />
    </>
  );
}

/**
 * §2 Pro upgrade modal: Sign in → Plan → Payment. Every step and state, each with its MSW
 * answer. Radix renders the dialog in a portal and hides the rest of the page (the toasts
 * included) from the accessibility tree while it is open: toasts are found by their text.
 */
const meta = {
  title: 'App/Payments/Upgrade modal',
  component: ModalOpener,
  // The fake authenticator stands in for the browser's in the payment step's verification.
  decorators: [withFakeAuthenticator, withAuth(providersSandbox), withAppProviders],
  beforeEach: (context) => {
    applyAppHandlers(context);
    redirect.mockClear();
    const seeded = (context.parameters['upgradeStore'] ?? {}) as Record<string, string>;
    stores.current = createMemoryStore(seeded);
  },
  parameters: { app: { auth: 'signedIn' } },
} satisfies Meta<typeof ModalOpener>;

export default meta;
type Story = StoryObj<typeof meta>;

const signedOut = { app: { auth: 'accepting' } } as const;

const findDialog = async (name: string | RegExp = 'Upgrade to Pro') => {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
};

/**
 * Waits for a toast to be on screen: it slides in from transparent, so one just added is not yet
 * visible. The modal hides the rest of the page (toasts included) from the accessibility tree:
 * found by its text.
 */
const expectToast = (text: string) => waitFor(() => expect(screen.getByText(text)).toBeVisible());

/**
 * Scrolls the dialog's content back to its start. A click focuses its control, and the browser
 * scrolls the focused control into view by as much as the card's height at that moment needs:
 * the picture would otherwise show wherever the last click left the list, which varies by run.
 */
const scrollToStart = (dialog: HTMLElement) => {
  for (const element of [dialog, ...dialog.querySelectorAll<HTMLElement>('*')]) {
    if (element.scrollTop > 0) element.scrollTop = 0;
  }
};

/** The step the indicator marks current, without its number. */
const expectStep = async (dialog: HTMLElement, label: string) =>
  waitFor(() =>
    expect(within(dialog).getByRole('listitem', { current: 'step' })).toHaveTextContent(
      new RegExp(`^\\d${label}`),
    ),
  );

/** Signed in: from the plan step to the payment step with the default choice. */
/**
 * To the payment step, once its verification part is there: it loads lazily beside the step
 * (the devices panel, or the offer to add a passkey when there are none), so a screenshot taken
 * earlier would catch the step without it on a busy machine.
 */
const toPayment = async ({ devices = false } = {}) => {
  const dialog = await findDialog();
  await expectStep(dialog, 'Plan');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await expectStep(dialog, 'Payment');
  if (devices) await within(dialog).findByRole('region', { name: "Verify it's you" });
  else await within(dialog).findByText('Add a passkey to confirm payments');
  return dialog;
};

export const AuthStep: Story = {
  parameters: signedOut,
  play: async () => {
    const dialog = await findDialog();
    await expectStep(dialog, 'Sign in');
    await expect(within(dialog).getByRole('heading', { name: 'Sign in to upgrade' })).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Continue with Google' }),
    ).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: 'Send Code' })).toBeDisabled();
    await expect(document.body).toHaveAttribute('data-scroll-locked');
  },
};

export const AuthStepVietnamese: Story = {
  parameters: signedOut,
  globals: { locale: 'vi' },
  play: async () => {
    const dialog = await findDialog('Nâng cấp lên Pro');
    await expectStep(dialog, 'Đăng nhập');
    await expect(
      within(dialog).getByRole('heading', { name: 'Đăng nhập để nâng cấp' }),
    ).toBeVisible();
  },
};

export const EmailCodeSent: Story = {
  parameters: signedOut,
  play: async () => {
    const dialog = await findDialog();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email/ }),
      'linh@example.com',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await expect(await within(dialog).findByRole('textbox', { name: /Code/ })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Verify Code' })).toBeDisabled();
  },
};

/** §2: after the e-mail code sign-in the modal moves to the plan step. */
export const EmailCodeSignedIn: Story = {
  parameters: signedOut,
  play: async (context) => {
    await EmailCodeSent.play?.(context);
    const dialog = await findDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify Code' }));
    await expectStep(dialog, 'Plan');
  },
};

/** §2: signed in, the auth step is skipped; Pro is chosen (intent pro), GodMode optional. */
export const PlanMonthly: Story = {
  play: async () => {
    const dialog = await findDialog();
    await expectStep(dialog, 'Plan');
    const pro = within(dialog).getByRole('radio', { name: /^Pro/ });
    await expect(pro).toHaveAttribute('aria-checked', 'true');
    await expect(pro).toHaveAccessibleName(/\$19\.99/);
    await expect(within(dialog).getByRole('button', { name: 'GodMode' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(within(dialog).getByText('+$578')).toBeVisible();
    await expect(within(dialog).getByText('Optional')).toBeVisible();
    // The lines of /plans, word for word (issue 22 §5: one wording for one plan).
    await expect(await within(dialog).findByText('2,000 messages a day')).toBeVisible();
    await expect(
      within(dialog).getByText('Up to 100 active share links, each kept up to 365 days'),
    ).toBeVisible();
    await expect(within(dialog).getAllByText('The standard AI models')).toHaveLength(1);
  },
};

export const PlanYearly: Story = {
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yearly (save 17%)' }));
    await expect(within(dialog).getByRole('radio', { name: /^Pro/ })).toHaveAccessibleName(
      /\$199\.99/,
    );
  },
};

export const GodModeAdded: Story = {
  play: async () => {
    const dialog = await findDialog();
    const godmode = within(dialog).getByRole('button', { name: 'GodMode' });
    await userEvent.click(godmode);
    await expect(godmode).toHaveAttribute('aria-pressed', 'true');
    await expect(within(dialog).getByText('Added')).toBeVisible();
    // §4: the toggle exists only under Pro.
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Free/ }));
    await expect(within(dialog).queryByRole('button', { name: 'GodMode' })).toBeNull();
    scrollToStart(dialog);
  },
};

/** Plan step with the GodMode add-on switched on under Pro: its card says 'Added'. */
export const GodModeSelected: Story = {
  // The add-on sits below the plans: a screen tall enough for the whole step shows it without
  // scrolling (a scroll made in the play function was not always the one in the picture).
  parameters: { screen: { width: 1024, height: 1400 } },
  play: async () => {
    const dialog = await findDialog();
    const godmode = within(dialog).getByRole('button', { name: 'GodMode' });
    await userEvent.click(godmode);
    await expect(godmode).toHaveAttribute('aria-pressed', 'true');
    await expect(within(dialog).getByText('Added')).toBeVisible();
  },
};

/** A currency the providers do not charge in: converted from USD, marked ≈, with a note. */
export const ApproximateCurrency: Story = {
  parameters: { app: { auth: 'accepting', stored: { currency: 'EUR' } } },
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'See the plans first' }));
    await expect(await within(dialog).findByText(/^Prices in EUR are approximate\./)).toBeVisible();
    await expect(within(dialog).getByRole('radio', { name: /^Pro/ })).toHaveAccessibleName(
      /≈ €18\.39/,
    );
  },
};

export const PricingLoading: Story = {
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.pricingLoading),
  play: async () => {
    const dialog = await findDialog();
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Loading the latest prices…',
    );
    // The §9 fallback prices meanwhile.
    await expect(within(dialog).getByRole('radio', { name: /^Pro/ })).toHaveAccessibleName(
      /\$19\.99/,
    );
  },
};

export const PricingFailed: Story = {
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.pricingError),
  play: async () => {
    const dialog = await findDialog();
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(/^Failed to fetch pricing\./),
    );
    await expect(within(dialog).getByRole('radio', { name: /^Pro/ })).toHaveAccessibleName(
      /\$19\.99/,
    );
  },
};

/** §2: Continue with Pro while signed out asks to sign in and returns to the auth step. */
export const SignedOutContinue: Story = {
  parameters: signedOut,
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'See the plans first' }));
    await expectStep(dialog, 'Plan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please sign in to continue to payment.',
    );
    await expectStep(dialog, 'Sign in');
  },
};

export const SignedOutContinueVietnamese: Story = {
  parameters: signedOut,
  globals: { locale: 'vi' },
  play: async () => {
    const dialog = await findDialog('Nâng cấp lên Pro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xem các gói trước' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp tục' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vui lòng đăng nhập để tiếp tục thanh toán.',
    );
  },
};

/** Both providers on the project's sandbox: the badge and the no-real-money line. */
export const PaymentSandbox: Story = {
  play: async () => {
    const dialog = await toPayment();
    await expect(await within(dialog).findByText('Sandbox')).toBeVisible();
    await expect(within(dialog).getByText(/no real money is taken/)).toBeVisible();
    await expect(within(dialog).getByText('Pro, monthly')).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Pay $19.99 with PayPal' }),
    ).toBeEnabled();
    await expect(
      within(dialog).getByRole('button', { name: /^Pay 578\.000\s₫ with VNPay$/ }),
    ).toBeEnabled();
  },
};

export const PaymentLive: Story = {
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.methodsLive),
  play: async () => {
    const dialog = await toPayment();
    await expect(await within(dialog).findByRole('button', { name: /with PayPal$/ })).toBeEnabled();
    await expect(within(dialog).queryByText('Sandbox')).toBeNull();
  },
};

export const PaymentVnpayOnly: Story = {
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.methodsVnpayOnly),
  play: async () => {
    const dialog = await toPayment();
    const paypal = await within(dialog).findByRole('button', { name: /with PayPal$/ });
    await expect(paypal).toBeDisabled();
    await expect(paypal).toHaveAccessibleDescription('PayPal is not available right now.');
    await expect(within(dialog).getByRole('button', { name: /with VNPay$/ })).toBeEnabled();
  },
};

export const PaymentMethodsFailed: Story = {
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.methodsError),
  play: async () => {
    const dialog = await toPayment();
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to fetch payment methods');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Payment step while the providers are still being asked for (spinner instead of buttons). */
export const PaymentMethodsLoading: Story = {
  beforeEach: ({ msw }) => msw.use(http.get('*/api/payment-methods', never)),
  play: async () => {
    const dialog = await toPayment();
    await expect(within(dialog).getByText('Loading payment methods…')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: /with PayPal$/ })).toBeNull();
  },
};

/** Payment step's order summary for Pro yearly with the GodMode add-on (chosen on the plan step). */
export const PaymentYearlyWithGodMode: Story = {
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yearly (save 17%)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'GodMode' }));
    await toPayment();
    await expect(within(dialog).getByText('Pro, yearly')).toBeVisible();
    await expect(within(dialog).getByText('Added')).toBeVisible();
    await expect(
      await within(dialog).findByRole('button', { name: 'Pay $777.99 with PayPal' }),
    ).toBeEnabled();
    await expect(
      within(dialog).getByRole('button', { name: /^Pay 20\.230\.000\s₫ with VNPay$/ }),
    ).toBeEnabled();
  },
};

/**
 * Opened straight at the payment step with a choice made elsewhere (/plans, a renewal, the
 * callback page's Try again): Pro monthly with GodMode, no plan step first.
 */
export const OpensAtPayment: Story = {
  args: { initialStep: 'payment', initialChoice: { period: 'monthly', godmode: true } },
  play: async () => {
    const dialog = await findDialog();
    await expectStep(dialog, 'Payment');
    await within(dialog).findByText('Add a passkey to confirm payments');
    await expect(within(dialog).getByText('Pro, monthly')).toBeVisible();
    await expect(within(dialog).getByText('Added')).toBeVisible();
    await expect(
      await within(dialog).findByRole('button', { name: 'Pay $597.99 with PayPal' }),
    ).toBeEnabled();
    await expect(
      within(dialog).getByRole('button', { name: /^Pay 15\.028\.000\s₫ with VNPay$/ }),
    ).toBeEnabled();
  },
};

export const PaymentVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async () => {
    const dialog = await findDialog('Nâng cấp lên Pro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp tục' }));
    await expect(
      await within(dialog).findByRole('button', { name: /^Thanh toán 578\.000\s₫ qua VNPay$/ }),
    ).toBeEnabled();
  },
};

/** §4: a provider in progress shows a spinner; the other waits. */
export const ProviderInProgress: Story = {
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.vnpayCreatePending),
  play: async () => {
    const dialog = await toPayment();
    const vnpay = await within(dialog).findByRole('button', { name: /with VNPay$/ });
    await userEvent.click(vnpay);
    await waitFor(() => expect(vnpay).toHaveAttribute('aria-busy', 'true'));
    await expect(within(dialog).getByRole('button', { name: /with PayPal$/ })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
  },
};

/** §8: the first failed start: the wrapper, 2 of 3 left, the info line. */
export const InitFailureFirst: Story = {
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.vnpayCreateError),
  play: async () => {
    const dialog = await toPayment();
    await userEvent.click(await within(dialog).findByRole('button', { name: /with VNPay$/ }));
    await expectToast('Failed to initiate VNPay payment/subscription');
    await expectToast('2 of 3 attempts left');
    await expect(within(dialog).getByText(/^Payment could not be started 1 time\./)).toBeVisible();
    await expect(stores.current.get(storageKeys.paymentAttempts)).toBe('1');
    await expect(redirect).not.toHaveBeenCalled();
  },
};

/** The third failed start: nothing left of the 3 the toast counts. */
export const InitFailureThird: Story = {
  parameters: { upgradeStore: { [storageKeys.paymentAttempts]: '2' } },
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.paypalCreateError),
  play: async () => {
    const dialog = await toPayment();
    await userEvent.click(await within(dialog).findByRole('button', { name: /with PayPal$/ }));
    await expectToast('Failed to initiate PayPal payment/subscription');
    await expectToast('0 of 3 attempts left');
    await expect(stores.current.get(storageKeys.paymentAttempts)).toBe('3');
  },
};

/**
 * A failed start with the provider and the §8 reason the toast gives under the wrapper
 * (the first failure: 2 of 3 attempts left).
 */
const initFailure =
  (provider: 'VNPay' | 'PayPal', reason: string): Story['play'] =>
  async () => {
    const dialog = await toPayment();
    const name = new RegExp(`with ${provider}$`);
    await userEvent.click(await within(dialog).findByRole('button', { name }));
    await expectToast(`Failed to initiate ${provider} payment/subscription`);
    await expectToast(reason);
    await expectToast('2 of 3 attempts left');
    await expect(within(dialog).getByRole('button', { name })).toBeEnabled();
  };

/** Failed start, no answer at all: toast 'Network error. Please check your connection.' */
export const InitFailureNetwork: Story = {
  beforeEach: ({ msw }) =>
    msw.use(http.post('*/api/payments/vnpay/create', () => HttpResponse.error())),
  play: initFailure('VNPay', 'Network error. Please check your connection.'),
};

/**
 * Failed start, no answer in time: toast 'Request timed out. Please try again.' (the create
 * call is replaced, as the real wait is two minutes).
 */
export const InitFailureTimedOut: Story = {
  args: {
    gateways: {
      createVnpay: () => Promise.reject(new HttpFailure('timeout')),
      createPaypal: () => Promise.reject(new HttpFailure('timeout')),
    },
  },
  play: initFailure('PayPal', 'Request timed out. Please try again.'),
};

/** Failed start, 429: toast 'Too many requests. Please try again later.' */
export const InitFailureRateLimited: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.post('*/api/payments/vnpay/create', () => new HttpResponse(null, { status: 429 })),
    ),
  play: initFailure('VNPay', 'Too many requests. Please try again later.'),
};

/** Failed start in the server's own words: the provider could not be reached (502). */
export const InitFailureProviderDown: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.post('*/api/payments/paypal/create', () =>
        HttpResponse.json(
          { message: 'The payment provider could not be reached. Please try again later.' },
          { status: 502 },
        ),
      ),
    ),
  play: initFailure('PayPal', 'The payment provider could not be reached. Please try again later.'),
};

/** Start refused by the API (422): 'The amount does not match the price of this plan'. */
export const InitFailureRefused: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.post('*/api/payments/vnpay/create', () =>
        HttpResponse.json(
          { message: 'The amount does not match the price of this plan' },
          { status: 422 },
        ),
      ),
    ),
  play: initFailure('VNPay', 'The amount does not match the price of this plan'),
};

export const InitFailureVietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(paymentsHandlers.vnpayCreateError),
  play: async () => {
    const dialog = await findDialog('Nâng cấp lên Pro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp tục' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /qua VNPay$/ }));
    await expectToast('Không thể khởi tạo thanh toán/đăng ký VNPay');
    await expectToast('Còn 2/3 lần thử');
  },
};

/** Earlier failures (stored): the info line while above 0 and below 10. */
export const AttemptsInfo: Story = {
  parameters: { upgradeStore: { [storageKeys.paymentAttempts]: '4' } },
  play: async () => {
    const dialog = await toPayment();
    await expect(within(dialog).getByText(/^Payment could not be started 4 times\./)).toBeVisible();
    await expect(await within(dialog).findByRole('button', { name: /with VNPay$/ })).toBeEnabled();
  },
};

/** §9: at 10 the exceeded message shows and no attempt starts. */
export const AttemptsExceeded: Story = {
  parameters: { upgradeStore: { [storageKeys.paymentAttempts]: '10' } },
  play: async () => {
    const dialog = await toPayment();
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Too many payment attempts have failed/,
    );
    await expect(within(dialog).getByRole('button', { name: /with PayPal$/ })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: /with VNPay$/ })).toBeDisabled();
    await expect(within(dialog).queryByText(/could not be started/)).toBeNull();
  },
};

/** §4: the pending transaction id is stored, then the browser goes to the provider. */
export const RedirectCaptured: Story = {
  play: async () => {
    const dialog = await toPayment();
    await userEvent.click(await within(dialog).findByRole('button', { name: /with PayPal$/ }));
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledWith('/sandbox/paypal/checkoutnow?token=5O190127TN364715T'),
    );
    await expect(stores.current.get(storageKeys.pendingPayment)).toBe(
      'pay_01JCQ7H2K9M4N6P8R1S3T5V7X9',
    );
  },
};

/** Back from payment goes to plan; back from plan (signed in) closes. */
export const BackSteps: Story = {
  play: async () => {
    const dialog = await toPayment();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await expectStep(dialog, 'Plan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const EscapeCloses: Story = {
  args: { defaultOpen: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Go Pro' }));
    await findDialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(document.body).not.toHaveAttribute('data-scroll-locked');
    await expect(within(canvasElement).getByRole('button', { name: 'Go Pro' })).toHaveFocus();
  },
};

/** §2: continuing with Free closes the modal and goes to /home. */
export const FreeGoesHome: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Free/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByText('Page: /home')).toBeVisible();
  },
};

/** The header's Pro button opens it (AppLayout hosts it, loaded on first use). */
export const FromTheHeader: Story = {
  render: () => <p>AI tools for work and play.</p>,
  parameters: { app: { layout: true, auth: 'accepting' } },
  play: async ({ canvasElement }) => {
    const header = within(within(canvasElement).getByRole('banner'));
    await userEvent.click(header.getByRole('button', { name: 'Go Pro' }));
    const dialog = await findDialog();
    await expectStep(dialog, 'Sign in');
  },
};

/** §2 step 3: devices registered: the verification above the provider buttons, then pay. */
export const PaymentWithVerification: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentials),
  play: async () => {
    const dialog = await toPayment({ devices: true });
    const panel = await within(dialog).findByRole('region', { name: "Verify it's you" });
    const paypal = await within(dialog).findByRole('button', { name: /with PayPal$/ });
    // Optional: paying without verifying is allowed.
    await expect(paypal).toBeEnabled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    await expect(await within(panel).findByText('Verified. You can pay now.')).toBeVisible();
    await userEvent.click(paypal);
    await waitFor(() => expect(redirect).toHaveBeenCalled());
  },
};

/** Required: the provider buttons wait, with the reason, until a device confirms; no Skip. */
export const PaymentVerificationRequired: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  play: async () => {
    const dialog = await toPayment({ devices: true });
    const panel = await within(dialog).findByRole('region', { name: "Verify it's you" });
    const reason = 'Verify with one of your devices to enable the payment buttons.';
    const paypal = await within(dialog).findByRole('button', { name: /with PayPal$/ });
    await waitFor(() => expect(paypal).toBeDisabled());
    await expect(paypal).toHaveAccessibleDescription(reason);
    await expect(within(dialog).getByRole('button', { name: /with VNPay$/ })).toBeDisabled();
    await expect(within(panel).queryByRole('button', { name: 'Skip' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(paypal).toBeEnabled());
    await expect(within(dialog).getByRole('button', { name: /with VNPay$/ })).toBeEnabled();
    await expect(within(dialog).queryByText(reason)).toBeNull();
  },
};

/** Skip hides the panel; paying goes on without it. */
export const PaymentVerificationSkipped: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentials),
  play: async () => {
    const dialog = await toPayment({ devices: true });
    const panel = await within(dialog).findByRole('region', { name: "Verify it's you" });
    await userEvent.click(within(panel).getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('region', { name: "Verify it's you" })).toBeNull(),
    );
    await expect(within(dialog).getByRole('button', { name: /with VNPay$/ })).toBeEnabled();
  },
};

/** No devices: "enable and manage devices" opens the manager in the modal; Back returns. */
export const PaymentAddPasskey: Story = {
  play: async () => {
    const dialog = await toPayment();
    await expect(
      await within(dialog).findByText('Add a passkey to confirm payments'),
    ).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Enable and manage devices' }),
    );
    await expect(within(dialog).getByRole('heading', { name: 'Biometric devices' })).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: /with PayPal$/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add device' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Name your new device' }),
      'Work laptop',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The modal hides the rest of the page (toasts included) from the accessibility tree.
    await expectToast('Device added');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to payment' }));
    const panel = await within(dialog).findByRole('region', { name: "Verify it's you" });
    await expect(within(panel).getByRole('radio', { name: /Work laptop/ })).toBeChecked();
    await expect(within(dialog).getByRole('button', { name: /with PayPal$/ })).toBeEnabled();
  },
};

/** The API wants a verification first (403): the panel, required; no failed attempt counted. */
export const PaymentVerificationDemanded: Story = {
  beforeEach: ({ msw }) =>
    msw.use(webauthnHandlers.credentials, webauthnHandlers.vnpayCreateVerificationRequired),
  play: async () => {
    const dialog = await toPayment({ devices: true });
    // Devices, nothing required: the panel offers Skip; skipped, the API still asks for it.
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Skip' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /with VNPay$/ }));
    const panel = await within(dialog).findByRole('region', { name: "Verify it's you" });
    await expect(within(panel).getByText('Verification is required before you pay.')).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /with VNPay$/ })).toBeDisabled(),
    );
    await expect(stores.current.get(storageKeys.paymentAttempts)).toBeNull();
    await expect(screen.queryByText('Failed to initiate VNPay payment/subscription')).toBeNull();
  },
};

export const PaymentVerificationVietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  play: async () => {
    const dialog = await findDialog('Nâng cấp lên Pro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp tục' }));
    const panel = await within(dialog).findByRole('region', { name: 'Xác minh danh tính' });
    await expect(
      await within(dialog).findByText(
        'Hãy xác minh bằng một thiết bị của bạn để bật các nút thanh toán.',
      ),
    ).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Xác minh' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /qua VNPay$/ })).toBeEnabled(),
    );
  },
};
