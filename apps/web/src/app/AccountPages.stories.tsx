import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { never } from '../mocks/responses';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../testing/storybook';
import { findToast } from '../testing/storyHelpers';
import { sampleUser } from '../mocks/auth';
import { authHandlers } from '../mocks/handlers/auth';
import { profileHandlers } from '../mocks/handlers/profile';
import { webauthnHandlers } from '../mocks/handlers/webauthn';
import { withFakeAuthenticator } from '../features/biometrics/storyDecorators';
import { ProfilePage } from '../features/account/components/ProfilePage';
import { ProfileBiometricDevices as BiometricDevicesSlot } from './ProfileBiometricDevices';
import { UserHomePage } from '../features/account/components/UserHomePage';

/**
 * The signed-in pages: /profile and /home (/membership has its own stories). The profile's API
 * calls (sessions, display name, delete) answer from the MSW handlers; sign out everywhere and
 * the end of the session are the auth context's, given here as spies.
 */
const meta = {
  title: 'App/Pages/Account',
  component: ProfilePage,
  decorators: [withFakeAuthenticator, withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    user: sampleUser,
    preferences: { language: 'English', currency: 'USD', theme: 'Dark' },
    onProfileChanged: fn(),
    onSignOutEverywhere: fn(() => Promise.resolve()),
    onAccountDeleted: fn(),
    biometricDevices: <BiometricDevicesSlot />,
  },
  parameters: { app: { auth: 'signedIn', route: '/profile' } },
} satisfies Meta<typeof ProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Profile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    const details = canvas.getByRole('region', { name: 'Account' });
    await expect(details).toHaveTextContent('Linh Nguyen');
    await expect(details).toHaveTextContent('linh.nguyen@example.com');
    await expect(within(details).getByText('Email and password')).toBeVisible();
    // Roles are an internal detail of the token (issue 13 §8): not shown.
    await expect(details).not.toHaveTextContent(/Roles/);
    await expect(within(details).getByText('Free')).toBeVisible();
    const sessions = canvas.getByRole('region', { name: "Where you're signed in" });
    const list = await within(sessions).findByRole('list', { name: 'Active sign-ins' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Chrome on Windows');
    await expect(within(items[0] as HTMLElement).getByText('This device')).toBeVisible();
    await expect(items[1]).toHaveTextContent('Safari on iOS');
    await expect(items[1]).toHaveTextContent('Email code');
    await expect(items[2]).toHaveTextContent('Unknown device');
    // This device is signed out with "Sign out" in the menu, not from the list.
    await expect(within(list).getAllByRole('button', { name: /^Sign out / })).toHaveLength(2);
  },
};

/** The "Biometric devices" section: the user's passkeys, managed in place. */
export const ProfileBiometricDevices: Story = {
  beforeEach: ({ msw }) => msw.use(webauthnHandlers.credentials),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', { name: 'Biometric devices' });
    const list = await within(section).findByRole('list', { name: 'Your devices' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(
      within(section).getByRole('button', { name: 'Turn off MacBook Pro Touch ID' }),
    );
    await findToast('Device turned off');
    await expect(
      within(section).getByRole('checkbox', {
        name: /Require biometric verification before payments/,
      }),
    ).not.toBeChecked();
  },
};

export const ProfileVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Hồ sơ của bạn' })).toBeVisible();
    const details = canvas.getByRole('region', { name: 'Tài khoản' });
    await expect(details).toHaveTextContent('Email và mật khẩu');
    await expect(details).toHaveTextContent('Miễn phí');
    const list = await canvas.findByRole('list', { name: 'Các phiên đăng nhập đang hoạt động' });
    await expect(list).toHaveTextContent('Chrome trên Windows');
    await expect(within(list).getByText('Thiết bị này')).toBeVisible();
  },
};

export const EditDisplayName: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit display name' }));
    const field = canvas.getByRole('textbox', { name: /Display name/ });
    await expect(field).toHaveFocus();
    await expect(field).toHaveValue('Linh Nguyen');
    await userEvent.clear(field);
    await userEvent.type(field, 'Linh N.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await findToast('Display name saved');
    await expect(canvas.getByRole('region', { name: 'Account' })).toHaveTextContent('Linh N.');
    await expect(args.onProfileChanged).toHaveBeenCalledWith(
      expect.objectContaining({ displayName: 'Linh N.' }),
    );
    // Back where editing started.
    await expect(canvas.getByRole('button', { name: 'Edit display name' })).toHaveFocus();
  },
};

export const EditDisplayNameErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit display name' }));
    const field = canvas.getByRole('textbox', { name: /Display name/ });
    await userEvent.clear(field);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(field).toHaveAccessibleDescription('Display name is required');
    await userEvent.type(field, 'x'.repeat(81));
    await expect(field).toHaveAccessibleDescription('Display name must be at most 80 characters');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getByRole('region', { name: 'Account' })).toHaveTextContent('Linh Nguyen');
  },
};

export const EditDisplayNameFailure: Story = {
  beforeEach: ({ msw }) => msw.use(profileHandlers.updateProfileFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit display name' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Display name/ }), ' Nguyen');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await findToast("We couldn't save your display name");
    await findToast('Server error. Please try again later.');
    // Still editing: nothing typed is lost.
    await expect(canvas.getByRole('textbox', { name: /Display name/ })).toHaveValue(
      'Linh Nguyen Nguyen',
    );
  },
};

export const EditDisplayNameSaving: Story = {
  beforeEach: ({ msw }) => msw.use(profileHandlers.updateProfilePending),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit display name' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Display name/ }), '!');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('button', { name: /^Save\s*Loading/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const SessionsLoading: Story = {
  beforeEach: ({ msw }) => msw.use(authHandlers.sessionsPending),
  play: async ({ canvasElement }) => {
    const sessions = within(canvasElement).getByRole('region', { name: "Where you're signed in" });
    await expect(within(sessions).getByRole('status')).toHaveTextContent('Loading your sign-ins…');
  },
};

/** Signed in only through Microsoft, Google or Apple. */
export const SessionsEmpty: Story = {
  beforeEach: ({ msw }) => msw.use(authHandlers.sessionsEmpty),
  play: async ({ canvasElement }) => {
    const sessions = within(canvasElement).getByRole('region', { name: "Where you're signed in" });
    await expect(
      await within(sessions).findByRole('heading', { level: 3, name: 'No active sign-ins' }),
    ).toBeVisible();
    await expect(
      within(sessions).getByRole('button', { name: 'Sign out everywhere' }),
    ).toBeVisible();
  },
};

export const SessionsError: Story = {
  beforeEach: ({ msw }) => msw.use(authHandlers.sessionsFailure),
  play: async ({ canvasElement }) => {
    const sessions = within(canvasElement).getByRole('region', { name: "Where you're signed in" });
    const alert = await within(sessions).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't load your sign-ins");
    await expect(alert).toHaveTextContent('Server error. Please try again later.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const RevokeSession: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Active sign-ins' });
    await userEvent.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await findToast('That device has been signed out');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await expect(list).not.toHaveTextContent('Safari on iOS');
    await expect(list).toHaveFocus();
  },
};

export const RevokeSessionFailure: Story = {
  beforeEach: ({ msw }) => msw.use(authHandlers.revokeSessionFailure),
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Active sign-ins' });
    await userEvent.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await findToast("We couldn't sign that device out");
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const SignOutEverywhere: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Every device signed in to your account, this one included, will be signed out.',
    );
    // A second thought first: Cancel has the focus.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(args.onSignOutEverywhere).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

export const SignOutEverywhereFailure: Story = {
  args: {
    onSignOutEverywhere: fn(() =>
      Promise.reject(new Error('The identity service did not answer.')),
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Sign out everywhere' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't sign you out everywhere: Something went wrong. Please try again.",
    );
  },
};

/** 'Sign out everywhere?' while it runs: the confirm button busy, Cancel disabled. */
export const SigningOutEverywhere: Story = {
  args: { onSignOutEverywhere: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Sign out everywhere' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await expect(
      await within(dialog).findByRole('button', { name: /^Sign out everywhere\s*Loading/ }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(args.onSignOutEverywhere).toHaveBeenCalledOnce();
  },
};

export const DeleteAccount: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    await userEvent.click(confirm);
    const word = within(dialog).getByRole('textbox', { name: /Type DELETE to confirm/ });
    await waitFor(() =>
      expect(word).toHaveAccessibleDescription('Type DELETE in capital letters to confirm'),
    );
    await expect(args.onAccountDeleted).not.toHaveBeenCalled();
    await userEvent.type(word, 'DELETE');
    await userEvent.click(confirm);
    await waitFor(() => expect(args.onAccountDeleted).toHaveBeenCalledOnce());
    await findToast('Your account has been deleted');
  },
};

export const DeleteAccountFailure: Story = {
  beforeEach: ({ msw }) => msw.use(profileHandlers.deleteAccountFailure),
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Type DELETE to confirm/ }),
      'DELETE',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't delete your account: Server error. Please try again later.",
    );
    await expect(args.onAccountDeleted).not.toHaveBeenCalled();
  },
};

/** 'Delete your account?' while the delete runs: the confirm button busy, Cancel disabled. */
export const DeletingAccount: Story = {
  beforeEach: ({ msw }) => msw.use(http.delete('*/api/userprofile', never)),
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Type DELETE to confirm/ }),
      'DELETE',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await expect(
      await within(dialog).findByRole('button', { name: /^Delete account\s*Loading/ }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(args.onAccountDeleted).not.toHaveBeenCalled();
  },
};

export const DeleteAccountVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Xóa tài khoản…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Xóa tài khoản của bạn?' });
    await expect(
      within(dialog).getByRole('textbox', { name: /Nhập DELETE để xác nhận/ }),
    ).toBeVisible();
  },
};

export const UserHome: Story = {
  render: ({ user }) => <UserHomePage user={user} />,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Chào mừng bạn trở lại, Linh Nguyen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Imagen' })).toHaveAttribute('href', '/imagen');
    // Every open tool with a page of its own, from the tool manifest: the image generator too.
    await expect(canvas.getByRole('link', { name: 'Tạo ảnh' })).toHaveAttribute(
      'href',
      '/image-generator',
    );
    await expect(canvas.getByRole('link', { name: 'Thị giác máy tính' })).toHaveAttribute(
      'href',
      '/vision',
    );
    await expect(canvas.getByRole('link', { name: 'Viết nội dung' })).toHaveAttribute(
      'href',
      '/content-writer',
    );
  },
};
