import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { findToast } from '../../../../testing/storyHelpers';
import { sampleUser } from '../../../../mocks/auth';
import { webauthnHandlers } from '../../../../mocks/handlers/webauthn';
import { useBiometricAccount } from '../../hooks/useBiometricAccount';
import { useBiometricSupport } from '../../hooks/useBiometricSupport';
import { withFakeAuthenticator } from '../../storyDecorators';
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

/** This authenticator is registered already: the toast says so and the name stays. */
export const RegisterAlreadyRegistered: Story = {
  parameters: { ceremony: { registerError: 'InvalidStateError' } },
  play: async () => {
    const panel = await findPanel();
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Register a new device' }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Name your new device' }), 'Laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await findToast("Couldn't add the device");
    await findToast('This authenticator is already registered.');
    await expect(screen.getByRole('textbox', { name: 'Name your new device' })).toHaveValue(
      'Laptop',
    );
  },
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
