import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { findToast } from '../../../../testing/storyHelpers';
import { sampleUser } from '../../../../mocks/auth';
import { webauthnHandlers } from '../../../../mocks/handlers/webauthn';
import { useBiometricAccount } from '../../hooks/useBiometricAccount';
import { useBiometricSupport } from '../../hooks/useBiometricSupport';
import { withFakeAuthenticator } from '../../storyDecorators';
import { BiometricDevices } from './BiometricDevices';

/** The manager with the signed-in user's account, as /profile and the Pro modal render it. */
function Devices() {
  const account = useBiometricAccount(sampleUser.id);
  const support = useBiometricSupport();
  return <BiometricDevices account={account} support={support} />;
}

/** PATCH requests the story saw (a rename to the same name must send none). */
const patches: { count: number } = { count: 0 };

/**
 * §2 Biometric screens, the credential manager: list, add, rename, turn on/off, delete, and the
 * payment requirement, each change answered by the MSW handlers and reported by a toast.
 */
const meta = {
  title: 'App/Biometrics/Device manager',
  component: Devices,
  decorators: [withFakeAuthenticator, withAppProviders],
  beforeEach: (context) => {
    applyAppHandlers(context);
    patches.count = 0;
    context.msw.use(webauthnHandlers.credentials);
  },
  parameters: { app: { auth: 'signedIn' } },
} satisfies Meta<typeof Devices>;

export default meta;
type Story = StoryObj<typeof meta>;

const findList = (name = 'Your devices') => screen.findByRole('list', { name });

export const List: Story = {
  play: async () => {
    const list = await findList();
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('MacBook Pro Touch ID');
    await expect(items[0]).toHaveTextContent('Chrome on macOS');
    await expect(items[2]).toHaveTextContent('Inactive');
    await expect(
      screen.getByRole('checkbox', { name: /Require biometric verification before payments/ }),
    ).not.toBeChecked();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsEmpty),
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'No devices yet' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Add device' })).toBeVisible();
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsError),
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'Biometric verification could not start. Please try again.',
    );
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Name, the authenticator's touch, then the new device first in the list and a toast. */
export const AddSuccess: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Name your new device' }),
      '  Work laptop ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Device added');
    await findToast('“Work laptop” can now confirm your payments.');
    const items = within(await findList()).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent('Work laptop');
  },
};

/** The authenticator holds a credential for this account already (InvalidStateError). */
export const AddAlreadyRegistered: Story = {
  parameters: { ceremony: { registerError: 'InvalidStateError' } },
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name your new device' }), 'Laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await findToast("Couldn't add the device");
    await findToast('This authenticator is already registered.');
    // The form stays, with the name typed.
    await expect(screen.getByRole('textbox', { name: 'Name your new device' })).toHaveValue(
      'Laptop',
    );
  },
};

/** The server refuses the credential (registered to someone): 409 alreadyRegistered. */
export const AddRefusedByServer: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.registerCompleteAlreadyRegistered),
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name your new device' }), 'Key');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('This authenticator is already registered.');
    await expect(within(await findList()).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Rename: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Rename MacBook Pro Touch ID' }));
    const field = screen.getByRole('textbox', { name: 'Device name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'MacBook Air');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Device renamed');
    await expect(await findList()).toHaveTextContent('MacBook Air');
  },
};

/** §5: saving the same name (or an empty one) closes the editor and sends nothing. */
export const RenameUnchanged: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.patch('*/api/webauthn/credentials', () => {
        patches.count += 1;
        return HttpResponse.json(
          { message: 'Server error. Please try again later.' },
          { status: 500 },
        );
      }),
    ),
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Rename Pixel 9 fingerprint' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Device name' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Rename Pixel 9 fingerprint' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Device name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Device name' })).toBeNull());
    await expect(await findList()).toHaveTextContent('Pixel 9 fingerprint');
    await expect(patches.count).toBe(0);
  },
};

export const TurnOff: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off Pixel 9 fingerprint' }));
    await findToast('Device turned off');
    const items = within(await findList()).getAllByRole('listitem');
    await expect(items[1]).toHaveTextContent('Inactive');
  },
};

/** A confirmation first; then the device is gone and a toast says so. */
export const DeleteConfirmed: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Pixel 9 fingerprint' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device?' });
    await expect(dialog).toHaveTextContent('“Pixel 9 fingerprint” will no longer be able');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Device deleted');
    const list = await findList();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await expect(list).not.toHaveTextContent('Pixel 9 fingerprint');
  },
};

/** The last active device while verification is required: refused, the device stays. */
export const DeleteRefused: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.deleteCredentialLastRequired),
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Delete MacBook Pro Touch ID' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast("Couldn't delete the device");
    await findToast(
      'Turn off "require biometric verification" before removing your last active device.',
    );
    await expect(within(await findList()).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const RequireOn: Story = {
  play: async () => {
    await findList();
    const setting = screen.getByRole('checkbox', {
      name: /Require biometric verification before payments/,
    });
    await userEvent.click(setting);
    await findToast('Payments now need biometric verification');
    await expect(setting).toBeChecked();
  },
};

/** Turning it off asks a device first (a manage verification), then saves. */
export const RequireOff: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  play: async () => {
    await findList();
    const setting = screen.getByRole('checkbox', {
      name: /Require biometric verification before payments/,
    });
    await expect(setting).toBeChecked();
    await userEvent.click(setting);
    await findToast('Payments no longer need biometric verification');
    await expect(setting).not.toBeChecked();
  },
};

/** The device check was cancelled: the requirement stays on. */
export const RequireOffCancelled: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsRequired),
  parameters: { ceremony: { authenticateError: 'NotAllowedError' } },
  play: async () => {
    await findList();
    const setting = screen.getByRole('checkbox', {
      name: /Require biometric verification before payments/,
    });
    await userEvent.click(setting);
    await findToast("Couldn't change the setting");
    await findToast('Verification was cancelled or the device is locked.');
    await expect(setting).toBeChecked();
  },
};

/**
 * The device check passed but the API still wants one (it must be made in this sign-in, within
 * five minutes): the toast speaks of the setting, not of payment.
 */
export const RequireOffRefused: Story = {
  beforeEach: ({ msw }) =>
    msw.use(webauthnHandlers.credentialsRequired, webauthnHandlers.settingsVerificationRequired),
  play: async () => {
    await findList();
    const setting = screen.getByRole('checkbox', {
      name: /Require biometric verification before payments/,
    });
    await userEvent.click(setting);
    await findToast("Couldn't change the setting");
    await findToast('Confirm with one of your devices before turning this off.');
    await expect(screen.queryByText(/before payment\./)).not.toBeInTheDocument();
    await expect(setting).toBeChecked();
  },
};

export const RequireOffRefusedVietnamese: Story = {
  ...RequireOffRefused,
  globals: { locale: 'vi' },
  play: async () => {
    await findList('Thiết bị của bạn');
    await userEvent.click(screen.getByRole('checkbox', { name: /Yêu cầu xác minh sinh trắc học/ }));
    await findToast('Hãy xác nhận bằng một thiết bị của bạn rồi mới tắt được tùy chọn này.');
    await expect(screen.queryByText(/trước khi thanh toán\./)).not.toBeInTheDocument();
  },
};

export const ListVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async () => {
    const list = await findList('Thiết bị của bạn');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa Pixel 9 fingerprint' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Xóa thiết bị này?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await findToast('Đã xóa thiết bị');
  },
};
