import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { findToast } from '../../../../testing/storyHelpers';
import { sampleUser } from '../../../../mocks/auth';
import { sampleCredentials, webauthnHandlers } from '../../../../mocks/handlers/webauthn';
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

/** The devices are on their way: placeholders, the area busy. */
export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentialsLoading),
  play: async () => {
    const status = await screen.findByText('Loading…');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
    await expect(screen.queryByRole('list', { name: 'Your devices' })).toBeNull();
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

/** §8: no WebAuthn in this browser: the note above the list (the devices still show). */
export const Unsupported: Story = {
  parameters: { ceremony: { supported: false } },
  play: async () => {
    await findList();
    await expect(screen.getByRole('status')).toHaveTextContent(
      'Biometric authentication is not supported in this browser.',
    );
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

/** §5: saving an empty name is refused under the field; the form stays. */
export const AddNameRequired: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name your new device' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(await screen.findByText('Enter a name for this device.')).toBeVisible();
  },
};

/** §5: a name of more than 50 characters is refused under the field; the form stays. */
export const AddNameTooLong: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    const field = screen.getByRole('textbox', { name: 'Name your new device' });
    await userEvent.type(field, 'x'.repeat(51));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(await screen.findByText('Use at most 50 characters.')).toBeVisible();
    await expect(field).toHaveValue('x'.repeat(51));
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

/** The rename editor open on a device, its name selected. */
export const RenameEditing: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Rename MacBook Pro Touch ID' }));
    const field = screen.getByRole('textbox', { name: 'Device name' });
    await expect(field).toHaveValue('MacBook Pro Touch ID');
    await expect(field).toHaveFocus();
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

/** The rename is refused (bare 500): a toast, and the editor stays open with the new name. */
export const RenameFailed: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.updateCredentialError),
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Rename MacBook Pro Touch ID' }));
    const field = screen.getByRole('textbox', { name: 'Device name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'MacBook Air');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await findToast("Couldn't rename the device");
    await expect(screen.getByRole('textbox', { name: 'Device name' })).toHaveValue('MacBook Air');
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

/** Turning a device off is refused (bare 500): a toast, and the device stays active. */
export const TurnOffFailed: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.updateCredentialError),
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off Pixel 9 fingerprint' }));
    await findToast("Couldn't change the device");
    const items = within(await findList()).getAllByRole('listitem');
    await expect(items[1]).toHaveTextContent('Active');
    await expect(items[1]).not.toHaveTextContent('Inactive');
  },
};

/** Verification is required and this is the last active device: turning it off is refused. */
export const TurnOffLastRequired: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('*/api/webauthn/credentials/:userId', () =>
        HttpResponse.json({
          credentials: sampleCredentials.map((credential) =>
            credential.credentialId === 'cred-macbook'
              ? credential
              : { ...credential, isActive: false },
          ),
          requireForPayments: true,
          paymentVerifiedUntil: null,
        }),
      ),
      webauthnHandlers.updateCredentialLastRequired,
    ),
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off MacBook Pro Touch ID' }));
    await findToast("Couldn't change the device");
    await findToast(
      'Turn off "require biometric verification" first: it needs at least one active device.',
    );
    const items = within(await findList()).getAllByRole('listitem');
    await expect(items[0]).not.toHaveTextContent('Inactive');
  },
};

/** The delete confirmation 'Delete this device?', left open (Cancel / Delete). */
export const DeleteAsks: Story = {
  play: async () => {
    await findList();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Pixel 9 fingerprint' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device?' });
    await expect(dialog).toHaveTextContent('“Pixel 9 fingerprint” will no longer be able');
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
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
      'Turn off "require biometric verification" first: it needs at least one active device.',
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

/** Saving the setting fails (bare 500): a toast, and the requirement stays off. */
export const RequireOnFailed: Story = {
  beforeEach: ({ msw }) =>
    msw.use(http.put('*/api/webauthn/settings', () => new HttpResponse(null, { status: 500 }))),
  play: async () => {
    await findList();
    const setting = screen.getByRole('checkbox', {
      name: /Require biometric verification before payments/,
    });
    await userEvent.click(setting);
    await findToast("Couldn't change the setting");
    await expect(setting).not.toBeChecked();
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
