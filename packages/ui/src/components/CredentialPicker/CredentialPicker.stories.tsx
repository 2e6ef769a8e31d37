import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { sampleCredentials, vietnameseCredentials } from '../CredentialManager/fixtures';
import { CredentialPicker } from './CredentialPicker';

const meta = {
  title: 'Biometrics/CredentialPicker',
  component: CredentialPicker,
  args: {
    state: 'select',
    credentials: sampleCredentials,
    onAuthenticate: fn(),
    onCancel: fn(),
    onSkip: fn(),
    onRegister: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'The verification screen of the Pro modal’s payment step: the person picks one of their active biometric devices and confirms the payment with it. To manage devices, use a [CredentialManager](?path=/docs/biometrics-credentialmanager--docs).',
      do: [
        'Drive `state` from the verification: `loading`, `error` (with a translated `errorMessage` and `onRetry`), `select`, `authenticating` while the browser’s prompt is open, `unsupported` when the browser has no WebAuthn; set `verified` once it has succeeded.',
        'Set `required` when the person has turned verification on for payments: Skip is hidden and a note says verification is required.',
        'Let Cancel stop the browser’s prompt during `authenticating`, and leave the screen otherwise, as the app does.',
        'Pass `onRegister` to offer "Register a new device", and show the `CredentialNameForm` under it.',
        'Leave the choice to it: only active devices are listed, and the most recently used one is chosen first (`defaultCredentialId` overrides it).',
      ],
      dont: [
        'Don’t treat the hidden Skip as the safeguard: the server must refuse an unverified payment when verification is required (the app’s API answers 403 `verificationRequired`).',
        'Don’t block paying when the state is `unsupported`: the picker tells the person they can still pay.',
        'Don’t add a spinner or a status of your own beside it: it announces the loading and the wait for the device itself.',
        'Don’t place it where an `h3` breaks the page’s outline: its title ("Verify it’s you") is always an `h3`.',
        'Don’t restyle it: it takes no `className` or `style`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof CredentialPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Loading your devices…',
    );
  },
};

export const LoadError: Story = {
  args: { state: 'error', errorMessage: 'Your session has expired. Please sign in again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your session has expired.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Select: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Your devices' });
    // Only active credentials can verify; the most recently used is pre-selected.
    await expect(within(group).getAllByRole('radio')).toHaveLength(2);
    await expect(canvas.getByRole('radio', { name: /MacBook Pro Touch ID/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: /Pixel 9 fingerprint/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(args.onAuthenticate).toHaveBeenCalledWith('cred-pixel');
  },
};

export const SelectWithKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('radio', { name: /MacBook Pro Touch ID/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: /Pixel 9 fingerprint/ })).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAuthenticate).toHaveBeenCalledWith('cred-pixel');
  },
};

export const Skip: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Skip' }));
    await expect(args.onSkip).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Register a new device' }));
    await expect(args.onRegister).toHaveBeenCalledTimes(1);
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Verification is required before you pay.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
  },
};

export const Authenticating: Story = {
  args: { state: 'authenticating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for your device…');
    await expect(canvas.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  },
};

export const Verified: Story = {
  args: { verified: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Verified. You can pay now.',
    );
  },
};

export const NoDevices: Story = {
  args: { credentials: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You have no devices registered yet.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Register a new device' }));
    await expect(args.onRegister).toHaveBeenCalled();
  },
};

export const Unsupported: Story = {
  args: { state: 'unsupported' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Biometric authentication not supported on this device/browser. You can still pay securely.',
    );
  },
};

export const Vietnamese: Story = {
  args: { credentials: vietnameseCredentials },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Xác minh danh tính' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Xác minh' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Bỏ qua' })).toBeInTheDocument();
  },
};

export const VietnameseUnsupported: Story = {
  args: { state: 'unsupported' },
  globals: { locale: 'vi' },
};
