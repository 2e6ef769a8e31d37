import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { findToast } from '../../../../testing/storyHelpers';
import { sampleUser } from '../../../../mocks/auth';
import { webauthnHandlers } from '../../../../mocks/handlers/webauthn';
import { useBiometricAccount } from '../../hooks/useBiometricAccount';
import { useBiometricSupport } from '../../hooks/useBiometricSupport';
import { withFakeAuthenticator } from '../../storyDecorators';
import { PaymentVerification } from '../PaymentVerification';
import { BiometricVerification } from './BiometricVerification';

interface VerificationProps {
  onVerified: (verifiedUntil: string | null) => void;
  onSkip: () => void;
  onCancel: () => void;
}

/** The panel with the signed-in user's account, as the payment step renders it. */
function Verification(props: VerificationProps) {
  const account = useBiometricAccount(sampleUser.id);
  const support = useBiometricSupport();
  return <BiometricVerification account={account} support={support} {...props} />;
}

/**
 * §2 Biometric screens, payment verification: every §4 state, each with its MSW answer and the
 * fake authenticator (`parameters.ceremony`) standing in for the browser's.
 */
const meta = {
  title: 'App/Biometrics/Payment verification',
  component: Verification,
  decorators: [withFakeAuthenticator, withAppProviders],
  beforeEach: (context) => {
    applyAppHandlers(context);
    context.msw.use(webauthnHandlers.credentials);
  },
  args: { onVerified: fn(), onSkip: fn(), onCancel: fn() },
  parameters: { app: { auth: 'signedIn' } },
} satisfies Meta<typeof Verification>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What the payment step is told (the provider buttons' lock), in DismissedWhileRequired. */
const gateChanged = fn();

const findPanel = (name: string | RegExp = "Verify it's you") =>
  screen.findByRole('region', { name });

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsLoading),
  play: async () => {
    const panel = await findPanel();
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    await expect(within(panel).getByText('Loading your devices…')).toBeVisible();
  },
};

/** The list could not be read: the message and Try again, which reads it again. */
export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsError),
  play: async ({ msw }) => {
    const panel = await findPanel();
    const alert = await within(panel).findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Biometric verification could not start. Please try again.',
    );
    msw.use(webauthnHandlers.credentials);
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await expect(
      await within(panel).findByRole('radio', { name: /MacBook Pro Touch ID/ }),
    ).toBeChecked();
  },
};

/** The list could not be read: the message and Try again, left on screen. */
export const DevicesCouldNotLoad: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsError),
  play: async () => {
    const panel = await findPanel();
    await expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Biometric verification could not start. Please try again.',
    );
    await expect(within(panel).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The active devices to choose from, the most recently used chosen; inactive ones not offered. */
export const Select: Story = {
  play: async ({ args }) => {
    const panel = await findPanel();
    const group = await within(panel).findByRole('group', { name: 'Your devices' });
    await expect(within(group).getAllByRole('radio')).toHaveLength(2);
    await expect(within(group).getByRole('radio', { name: /MacBook Pro Touch ID/ })).toBeChecked();
    await expect(within(group).queryByRole('radio', { name: /YubiKey/ })).toBeNull();
    await expect(
      within(panel).getByRole('button', { name: 'Register a new device' }),
    ).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Skip' }));
    await expect(args.onSkip).toHaveBeenCalled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

/** The browser is waiting for a touch; Cancel stops it and says so. */
export const Authenticating: Story = {
  parameters: { ceremony: { authenticatePending: true } },
  play: async ({ args }) => {
    const panel = await findPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Verify' }));
    await expect(await within(panel).findByText('Waiting for your device…')).toBeVisible();
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Verification was cancelled or the device is locked.',
    );
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** The browser is waiting for a touch: 'Waiting for your device…' and Cancel, left on screen. */
export const WaitingForDevice: Story = {
  parameters: { ceremony: { authenticatePending: true } },
  play: async () => {
    const panel = await findPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Verify' }));
    await expect(await within(panel).findByText('Waiting for your device…')).toBeVisible();
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    await expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/** §4: after success the verified flag, and the success callback with the time it lasts. */
export const Verified: Story = {
  play: async ({ args }) => {
    const panel = await findPanel();
    await userEvent.click(await within(panel).findByRole('radio', { name: /Pixel 9 fingerprint/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    await expect(await within(panel).findByText('Verified. You can pay now.')).toBeVisible();
    await waitFor(() => expect(args.onVerified).toHaveBeenCalledWith(expect.any(String)));
    await expect(within(panel).queryByRole('button', { name: 'Skip' })).toBeNull();
  },
};

/** The authenticator answered but the API refused the assertion: the message and Try again. */
export const VerificationFailed: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.authenticateCompleteFailed),
  play: async ({ args }) => {
    const panel = await findPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Verify' }));
    await expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Biometric verification failed. Please try again.',
    );
    await expect(args.onVerified).not.toHaveBeenCalled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await expect(within(panel).getByRole('button', { name: 'Verify' })).toBeVisible();
  },
};

/** The API refused the assertion: the message and Try again, left on screen. */
export const VerificationRefused: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.authenticateCompleteFailed),
  play: async ({ args }) => {
    await verifyRefused('Biometric verification failed. Please try again.');
    await expect(args.onVerified).not.toHaveBeenCalled();
  },
};

/** "Require biometric verification before payments" is on: no Skip. */
export const Required: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  play: async () => {
    const panel = await findPanel();
    await expect(
      await within(panel).findByText('Verification is required before you pay.'),
    ).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Verify' })).toBeVisible();
    await expect(within(panel).queryByRole('button', { name: 'Skip' })).toBeNull();
    await expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/** §4 / §8: no WebAuthn here: the hint, and paying stays possible (Skip). */
export const Unsupported: Story = {
  parameters: { ceremony: { supported: false } },
  play: async () => {
    const panel = await findPanel();
    await expect(within(panel).getByRole('status')).toHaveTextContent(
      'Biometric authentication not supported on this device/browser. You can still pay securely.',
    );
    await expect(within(panel).queryByRole('button', { name: 'Verify' })).toBeNull();
    await expect(within(panel).queryByRole('button', { name: 'Register a new device' })).toBeNull();
  },
};

/** No devices yet: register one right here, then choose it. */
export const NoCredentials: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsEmpty),
  play: async () => {
    const panel = await findPanel();
    await expect(
      await within(panel).findByText('You have no devices registered yet.'),
    ).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Register a new device' }));
    const name = screen.getByRole('textbox', { name: 'Name your new device' });
    await userEvent.type(name, 'Work laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Device added');
    await expect(await within(panel).findByRole('radio', { name: /Work laptop/ })).toBeChecked();
    await expect(screen.queryByRole('textbox', { name: 'Name your new device' })).toBeNull();
  },
};

/** 'Register a new device' opens the name form under the panel. */
export const NamingNewDevice: Story = {
  play: async () => {
    const panel = await findPanel();
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Register a new device' }),
    );
    await expect(screen.getByRole('textbox', { name: 'Name your new device' })).toHaveFocus();
    await expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  },
};

/** Asks to verify: refused, the panel says why and offers Try again. */
async function verifyRefused(reason: string) {
  const panel = await findPanel();
  await userEvent.click(await within(panel).findByRole('button', { name: 'Verify' }));
  await expect(await within(panel).findByRole('alert')).toHaveTextContent(reason);
  await expect(within(panel).getByRole('button', { name: 'Try again' })).toBeVisible();
}

/** Names a new device "Laptop" and saves it: refused, a toast says why and the name stays. */
async function addLaptopRefused(reason: string) {
  const panel = await findPanel();
  await userEvent.click(
    await within(panel).findByRole('button', { name: 'Register a new device' }),
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'Name your new device' }), 'Laptop');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await findToast("Couldn't add the device");
  await findToast(reason);
  await expect(screen.getByRole('textbox', { name: 'Name your new device' })).toHaveValue('Laptop');
}

/** This authenticator is registered already: the toast says so and the name stays. */
export const RegisterAlreadyRegistered: Story = {
  parameters: { ceremony: { registerError: 'InvalidStateError' } },
  play: () => addLaptopRefused('This authenticator is already registered.'),
};

/** §4 / §8: no WebAuthn here but payments require verification: the hint, no Skip, no Verify. */
export const UnsupportedButRequired: Story = {
  parameters: { ceremony: { supported: false } },
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  play: async () => {
    const panel = await findPanel();
    await expect(
      await within(panel).findByText('Verification is required before you pay.'),
    ).toBeVisible();
    await expect(within(panel).getByRole('status')).toHaveTextContent(
      'Biometric authentication not supported on this device/browser. You can still pay securely.',
    );
    await expect(within(panel).queryByRole('button', { name: 'Verify' })).toBeNull();
    await expect(within(panel).queryByRole('button', { name: 'Skip' })).toBeNull();
  },
};

/** A payment verification passed earlier is still valid: verified on arrival, without a touch. */
export const AlreadyVerified: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsVerified),
  play: async ({ args }) => {
    const panel = await findPanel();
    await expect(await within(panel).findByText('Verified. You can pay now.')).toBeVisible();
    await expect(within(panel).queryByRole('button', { name: 'Verify' })).toBeNull();
    await expect(within(panel).queryByRole('button', { name: 'Skip' })).toBeNull();
    await expect(args.onVerified).not.toHaveBeenCalled();
  },
};

/** Verification is required but no device is left: nothing to verify with, no Skip. */
export const RequiredNoDevices: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequiredEmpty),
  play: async () => {
    const panel = await findPanel();
    await expect(
      await within(panel).findByText('You have no devices registered yet.'),
    ).toBeVisible();
    await expect(within(panel).getByText('Verification is required before you pay.')).toBeVisible();
    await expect(within(panel).queryByRole('button', { name: 'Verify' })).toBeNull();
    await expect(within(panel).queryByRole('button', { name: 'Skip' })).toBeNull();
    await expect(
      within(panel).getByRole('button', { name: 'Register a new device' }),
    ).toBeVisible();
  },
};

/** Pro modal, payment step: the panel cancelled while verification is required: one Verify now. */
export const DismissedWhileRequired: Story = {
  render: () => (
    <PaymentVerification userId={sampleUser.id} demand={0} onGateChange={gateChanged} />
  ),
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  play: async () => {
    const panel = await findPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Cancel' }));
    await expect(await screen.findByRole('button', { name: 'Verify now' })).toBeVisible();
    await expect(screen.queryByRole('region', { name: "Verify it's you" })).toBeNull();
    // The provider buttons stay locked.
    await expect(gateChanged).toHaveBeenLastCalledWith(expect.objectContaining({ locked: true }));
  },
};

/** The API no longer knows the challenge (400 sessionExpired) after the touch. */
export const SessionExpired: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.authenticateCompleteExpired),
  play: async ({ args }) => {
    await verifyRefused('The verification session expired. Please try again.');
    await expect(args.onVerified).not.toHaveBeenCalled();
  },
};

/** authenticate/begin finds no device for this account (409 noCredentials). */
export const NoCredentialsFound: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.authenticateBeginNoCredentials),
  play: async () => {
    await verifyRefused('No biometric credentials found. Register a device first.');
  },
};

/** The devices call answers 401 (which does not sign the user out): sign in to use it. */
export const NotAuthenticated: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsUnauthorized),
  play: async () => {
    const panel = await findPanel();
    await expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Please sign in to use biometric verification.',
    );
    await expect(within(panel).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** authenticate/begin never reaches the API (network failure): verification could not start. */
export const VerificationCouldNotStart: Story = {
  beforeEach: ({ msw }) =>
    msw.use(http.post('*/api/webauthn/authenticate/begin', () => HttpResponse.error())),
  play: async () => {
    await verifyRefused('Biometric verification could not start. Please try again.');
  },
};

/** Adding a device: the browser refuses this authenticator (NotSupportedError); the name stays. */
export const RegisterAuthenticatorNotSupported: Story = {
  parameters: { ceremony: { registerError: 'NotSupportedError' } },
  play: () => addLaptopRefused('This authenticator is not supported.'),
};

/** Adding a device: register/complete fails (bare 500): the credential could not be created. */
export const RegisterCreateFailed: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.post('*/api/webauthn/register/complete', () => new HttpResponse(null, { status: 500 })),
    ),
  play: () => addLaptopRefused('Failed to create the credential. Please try again.'),
};

export const SelectVietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  play: async () => {
    const panel = await findPanel('Xác minh danh tính');
    await expect(
      await within(panel).findByText('Bạn cần xác minh trước khi thanh toán.'),
    ).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Xác minh' }));
    await expect(
      await within(panel).findByText('Đã xác minh. Bạn có thể thanh toán ngay.'),
    ).toBeVisible();
  },
};

export const CancelledVietnamese: Story = {
  globals: { locale: 'vi' },
  parameters: { ceremony: { authenticateError: 'NotAllowedError' } },
  play: async () => {
    const panel = await findPanel('Xác minh danh tính');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Xác minh' }));
    await expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Bạn đã hủy xác minh hoặc thiết bị đang bị khóa.',
    );
  },
};
