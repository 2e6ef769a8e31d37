import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { findToast } from '../../../app/storyHelpers';
import { AuthPage } from './AuthPage';
import { ResetPasswordPage } from './ResetPasswordPage';

/** /login and /register (§2: the same page), validated with the §5 rules and texts. */
const meta = {
  title: 'App/Pages/Auth',
  component: AuthPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { mode: 'login' },
  parameters: { app: { route: '/login' } },
} satisfies Meta<typeof AuthPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoginErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Login' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    const email = canvas.getByRole('textbox', { name: /Email/ });
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(email).toHaveFocus();
    await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    await userEvent.type(email, 'linh@');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(email).toHaveAccessibleDescription('Email is invalid');
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  },
};

export const RegisterErrors: Story = {
  args: { mode: 'register' },
  parameters: { app: { route: '/register' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Username/ }), 'li');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(canvas.getByRole('textbox', { name: /Username/ })).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      'Please confirm your password',
    );
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'secret2');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      'Passwords do not match',
    );
  },
};

export const RegisterErrorsVietnamese: Story = {
  ...RegisterErrors,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Tạo tài khoản' }));
    await expect(
      canvas.getByRole('textbox', { name: /Tên người dùng/ }),
    ).toHaveAccessibleDescription('Tên người dùng phải có ít nhất 3 ký tự');
    await expect(canvas.getByLabelText(/^Xác nhận mật khẩu/)).toHaveAccessibleDescription(
      'Vui lòng xác nhận mật khẩu',
    );
  },
};

/** Until the identity service arrives, an honest error instead of a fake success. */
export const SignInNotAvailableYet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await findToast('Sign-in is not available yet');
  },
};

export const ResetPassword: Story = {
  render: () => <ResetPasswordPage />,
  parameters: { app: { route: '/reset-password' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Email is required',
    );
  },
};
