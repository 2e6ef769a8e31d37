import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { pending } from './AuthOverride';
import { apiError, withAuth } from './authStoryDecorators';
import { ResetPasswordPage } from './ResetPasswordPage';

/**
 * /reset-password: ask for a link (the same answer whatever the address), then choose a new
 * password from the link's `#token=…`.
 */
const meta = {
  title: 'App/Pages/Reset password',
  component: ResetPasswordPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { app: { route: '/reset-password' } },
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const withToken = { app: { route: '/reset-password#token=sample-reset-token-4f9c' } };

export const RequestErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    const email = canvas.getByRole('textbox', { name: /Email/ });
    await expect(email).toHaveAccessibleDescription('Email is required');
    await userEvent.type(email, 'linh@example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(email).toHaveAccessibleDescription('Email is invalid');
  },
};

const requestSpy = fn(() => Promise.resolve());

export const RequestSent: Story = {
  decorators: [withAuth({ requestPasswordReset: requestSpy })],
  beforeEach: () => {
    // A block body: a returned function would be taken for a clean-up and called.
    requestSpy.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Check your inbox' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'If an account uses linh@example.com, a link to choose a new password is on its way.',
    );
    await expect(requestSpy).toHaveBeenCalledWith('linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Use another address' }));
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveValue('');
  },
};

export const RequestSentVietnamese: Story = {
  ...RequestSent,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Gửi liên kết đặt lại' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Hãy kiểm tra hộp thư' }),
    ).toBeVisible();
  },
};

export const RequestFailed: Story = {
  decorators: [
    withAuth({
      requestPasswordReset: () =>
        Promise.reject(apiError(429, 'Too many requests. Please try again later.')),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  },
};

export const RequestSending: Story = {
  decorators: [withAuth({ requestPasswordReset: () => pending() })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(
      await canvas.findByRole('button', { name: /^Send reset link\s*Loading/ }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** The link's page: the new password twice, with the §5 messages. */
export const NewPasswordErrors: Story = {
  parameters: withToken,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Choose a new password for your account.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save new password' }));
    await expect(canvas.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      'Use at least 8 characters. Very common passwords are refused. Password must be at least 6 characters',
    );
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      'Please confirm your password',
    );
    await userEvent.type(canvas.getByLabelText(/^New password/), 'correct horse 42');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'correct horse 43');
    await userEvent.click(canvas.getByRole('button', { name: 'Save new password' }));
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      'Passwords do not match',
    );
  },
};

export const NewPasswordErrorsVietnamese: Story = {
  ...NewPasswordErrors,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Mật khẩu mới/), 'correct horse 42');
    await userEvent.type(canvas.getByLabelText(/^Xác nhận mật khẩu/), 'correct horse 43');
    await userEvent.click(canvas.getByRole('button', { name: 'Lưu mật khẩu mới' }));
    await expect(canvas.getByLabelText(/^Xác nhận mật khẩu/)).toHaveAccessibleDescription(
      'Mật khẩu không khớp',
    );
  },
};

const fillNewPassword = async (canvasElement: HTMLElement, password = 'correct horse 42') => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(/^New password/), password);
  await userEvent.type(canvas.getByLabelText(/^Confirm password/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Save new password' }));
  return canvas;
};

const completeSpy = fn(() => Promise.resolve());

export const NewPasswordSaved: Story = {
  parameters: withToken,
  decorators: [withAuth({ completePasswordReset: completeSpy })],
  beforeEach: () => {
    completeSpy.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = await fillNewPassword(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeVisible();
    await expect(completeSpy).toHaveBeenCalledWith('sample-reset-token-4f9c', 'correct horse 42');
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  },
};

/** The API's password rules come back under the field, in the interface language. */
export const NewPasswordTooShortForTheServer: Story = {
  parameters: withToken,
  decorators: [
    withAuth({
      completePasswordReset: () =>
        Promise.reject(apiError(400, 'Password must be at least 8 characters')),
    }),
  ],
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Mật khẩu mới/), 'abc123');
    await userEvent.type(canvas.getByLabelText(/^Xác nhận mật khẩu/), 'abc123');
    await userEvent.click(canvas.getByRole('button', { name: 'Lưu mật khẩu mới' }));
    await waitFor(() =>
      expect(canvas.getByLabelText(/^Mật khẩu mới/)).toHaveAccessibleDescription(
        /Mật khẩu phải có ít nhất 8 ký tự$/,
      ),
    );
  },
};

export const NewPasswordSaving: Story = {
  parameters: withToken,
  decorators: [withAuth({ completePasswordReset: () => pending() })],
  play: async ({ canvasElement }) => {
    const canvas = await fillNewPassword(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: /^Save new password\s*Loading/ }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** Used, expired or mistyped: say so and offer a new one. */
export const InvalidLink: Story = {
  parameters: withToken,
  decorators: [
    withAuth({
      completePasswordReset: () =>
        Promise.reject(apiError(400, 'This reset link is invalid or has expired.')),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await fillNewPassword(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('This reset link is invalid or has expired.');
    await userEvent.click(canvas.getByRole('button', { name: 'Ask for a new link' }));
    await expect(canvas.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  },
};
