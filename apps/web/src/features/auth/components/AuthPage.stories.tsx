import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { sampleUser } from '../../../mocks/auth';
import { AuthPage } from './AuthPage';
import { pending } from './AuthOverride';
import {
  apiError,
  providersAvailable,
  providersSandbox,
  providersUnavailable,
  withAuth,
} from './authStoryDecorators';

/**
 * /login and /register (§2: the same page, and the login modal's content): the Login and
 * Register tabs, Microsoft/Google/Apple, e-mail and password, e-mail code, validated with the §5
 * rules and texts. Each story replaces the part of the auth service it shows.
 */
const meta = {
  title: 'App/Pages/Auth',
  component: AuthPage,
  decorators: [withAuth(providersUnavailable), withAppProviders],
  beforeEach: applyAppHandlers,
  args: { mode: 'login' },
  parameters: { app: { route: '/login' } },
} satisfies Meta<typeof AuthPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const validCode = '123456';

/** Resolves with the user for the right code, fails like the API for any other. */
function checkCode(_email: string, code: string) {
  return code === validCode
    ? Promise.resolve(sampleUser)
    : Promise.reject(apiError(401, 'Invalid code'));
}

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
    await expect(email).toHaveAttribute('type', 'email');
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

export const LoginErrorsVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Đăng nhập' }));
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Vui lòng nhập email',
    );
    await expect(canvas.getByLabelText(/^Mật khẩu/)).toHaveAccessibleDescription(
      'Mật khẩu phải có ít nhất 6 ký tự',
    );
  },
};

const signIn = async (canvasElement: HTMLElement, password = 'secret1') => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
  await userEvent.type(canvas.getByLabelText(/^Password/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  return canvas;
};

/** The API's 401, the same for an unknown address and a wrong password. */
export const LoginWrongPassword: Story = {
  decorators: [
    withAuth({ signIn: () => Promise.reject(apiError(401, 'Invalid email or password.')) }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, 'not-my-password');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    // The typed address stays, ready for another try.
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveValue('linh@example.com');
  },
};

export const LoginWrongPasswordVietnamese: Story = {
  ...LoginWrongPassword,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.type(canvas.getByLabelText(/^Mật khẩu/), 'not-my-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Đăng nhập' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Email hoặc mật khẩu không đúng.',
    );
  },
};

export const LoginRateLimited: Story = {
  decorators: [
    withAuth({
      signIn: () => Promise.reject(apiError(429, 'Too many requests. Please try again later.')),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  },
};

/** While the API answers, the button says it is busy and takes no second click. */
export const LoginBusy: Story = {
  decorators: [withAuth({ signIn: () => pending() })],
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement);
    const button = await canvas.findByRole('button', { name: /^Sign in\s*Loading/ });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(
      canvas.getByRole('form', { name: 'Sign in with email and password' }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

const signInSpy = fn(() => Promise.resolve(sampleUser));

export const LoginSucceeds: Story = {
  decorators: [withAuth({ signIn: signInSpy })],
  beforeEach: () => {
    // A block body: a returned function would be taken for a clean-up and called.
    signInSpy.mockClear();
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await waitFor(() =>
      expect(signInSpy).toHaveBeenCalledWith({ email: 'linh@example.com', password: 'secret1' }),
    );
  },
};

/** Nothing to sign in with: an honest error instead of a fake success. */
export const SignInNotAvailableYet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Sign-in is not available yet',
    );
  },
};

const providerSpy = fn(() => pending<undefined>());

export const SocialButtons: Story = {
  decorators: [withAuth({ ...providersAvailable, signInWithProvider: providerSpy })],
  beforeEach: () => {
    providerSpy.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Sign in with Microsoft, Google or Apple' });
    await expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Continue with Microsoft', 'Continue with Google', 'Continue with Apple']);
    await expect(within(group).queryByText('Sandbox')).not.toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Continue with Google' }));
    await expect(providerSpy).toHaveBeenCalledWith('google');
    // On its way to the provider: Google is busy, the others wait.
    await expect(
      within(group).getByRole('button', { name: /Continue with Google/ }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(within(group).getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();
  },
};

export const SocialButtonsSandbox: Story = {
  decorators: [withAuth({ ...providersSandbox, signInWithProvider: () => pending() })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The badge is seen, but stays out of the group's name: the description says it in words.
    const group = canvas.getByRole('group', { name: 'Sign in with Microsoft, Google or Apple' });
    await expect(within(group).getByText('Sandbox')).toBeVisible();
    await expect(group).toHaveAccessibleDescription(
      'These buttons use the sandbox sign-in service and its test identities.',
    );
    await expect(within(group).getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
  },
};

export const SocialButtonsUnavailable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Sign in with Microsoft, Google or Apple' });
    for (const button of within(group).getAllByRole('button')) {
      await expect(button).toBeDisabled();
    }
    await expect(group).toHaveAccessibleDescription(
      'Sign-in with Microsoft, Google or Apple is not available right now. You can still use your email.',
    );
    // The e-mail form still works.
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  },
};

export const SocialButtonsFailure: Story = {
  decorators: [
    withAuth({ ...providersAvailable, signInWithProvider: () => Promise.reject(apiError(503)) }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with Microsoft' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      "We couldn't reach the sign-in service. Please try again.",
    );
    await expect(canvas.getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled();
  },
};

const requestCodeSpy = fn(() => Promise.resolve());
const verifyCodeSpy = fn(checkCode);

const openCodeMode = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in with an email code instead' }));
  return canvas;
};

/** §5: Send Code, then Verify Code; each disabled while its field is empty. */
export const CodeSignIn: Story = {
  decorators: [withAuth({ requestCode: requestCodeSpy, verifyCode: verifyCodeSpy })],
  beforeEach: () => {
    requestCodeSpy.mockClear();
    verifyCodeSpy.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = await openCodeMode(canvasElement);
    const form = canvas.getByRole('form', { name: 'Sign in with an email code' });
    const send = within(form).getByRole('button', { name: 'Send Code' });
    await expect(send).toBeDisabled();
    const email = within(form).getByRole('textbox', { name: /Email/ });
    await expect(email).toHaveAttribute('type', 'email');
    await userEvent.type(email, 'linh@example.com');
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(requestCodeSpy).toHaveBeenCalledWith('linh@example.com');

    const code = await canvas.findByRole('textbox', { name: /Code/ });
    await expect(
      canvas.getByText('We sent a code to linh@example.com. It is valid for 10 minutes.'),
    ).toBeVisible();
    await expect(code).toBeRequired();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    const verify = canvas.getByRole('button', { name: 'Verify Code' });
    await expect(verify).toBeDisabled();
    await userEvent.type(code, validCode);
    await expect(verify).toBeEnabled();
    await userEvent.click(verify);
    await waitFor(() => expect(verifyCodeSpy).toHaveBeenCalledWith('linh@example.com', validCode));
  },
};

export const CodeSignInWrongCode: Story = {
  decorators: [withAuth({ requestCode: () => Promise.resolve(), verifyCode: checkCode })],
  play: async ({ canvasElement }) => {
    const canvas = await openCodeMode(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await userEvent.type(await canvas.findByRole('textbox', { name: /Code/ }), '654321');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify Code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid code');
  },
};

export const CodeSignInWrongCodeVietnamese: Story = {
  ...CodeSignInWrongCode,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Đăng nhập bằng mã gửi qua email' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Gửi mã' }));
    await userEvent.type(await canvas.findByRole('textbox', { name: /Mã xác minh/ }), '654321');
    await userEvent.click(canvas.getByRole('button', { name: 'Xác minh mã' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Mã không hợp lệ');
  },
};

/** Six digits and nothing else: checked before anything is sent. */
export const CodeSignInMalformedCode: Story = {
  decorators: [withAuth({ requestCode: () => Promise.resolve(), verifyCode: checkCode })],
  play: async ({ canvasElement }) => {
    const canvas = await openCodeMode(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    const code = await canvas.findByRole('textbox', { name: /Code/ });
    await userEvent.type(code, '12ab');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify Code' }));
    await expect(code).toHaveAccessibleDescription('Enter the 6-digit code from the email');
  },
};

/** The API failed without words of its own: §8's 'Failed to send code'. */
export const CodeSendFailed: Story = {
  decorators: [withAuth({ requestCode: () => Promise.reject(apiError(500)) })],
  play: async ({ canvasElement }) => {
    const canvas = await openCodeMode(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to send code');
    await expect(canvas.queryByRole('textbox', { name: /Code/ })).not.toBeInTheDocument();
  },
};

export const CodeSendRateLimited: Story = {
  decorators: [
    withAuth({
      requestCode: () =>
        Promise.reject(apiError(429, 'Too many requests. Please try again later.')),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await openCodeMode(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  },
};

export const CodeSending: Story = {
  decorators: [withAuth({ requestCode: () => pending() })],
  play: async ({ canvasElement }) => {
    const canvas = await openCodeMode(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Send Code/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
  },
};

export const CodeVerifying: Story = {
  decorators: [withAuth({ requestCode: () => Promise.resolve(), verifyCode: () => pending() })],
  play: async ({ canvasElement }) => {
    const canvas = await openCodeMode(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await userEvent.type(await canvas.findByRole('textbox', { name: /Code/ }), validCode);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Verify Code/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  },
};

export const RegisterErrors: Story = {
  args: { mode: 'register' },
  parameters: { app: { route: '/register' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: /Username/ }), 'li');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(canvas.getByRole('textbox', { name: /Username/ })).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Email is required',
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
    await userEvent.type(canvas.getByLabelText(/^Mật khẩu/), 'secret1');
    await userEvent.type(canvas.getByLabelText(/^Xác nhận mật khẩu/), 'secret2');
    await userEvent.click(canvas.getByRole('button', { name: 'Tạo tài khoản' }));
    await expect(
      canvas.getByRole('textbox', { name: /Tên người dùng/ }),
    ).toHaveAccessibleDescription('Tên người dùng phải có ít nhất 3 ký tự');
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Vui lòng nhập email',
    );
    await expect(canvas.getByLabelText(/^Xác nhận mật khẩu/)).toHaveAccessibleDescription(
      'Mật khẩu không khớp',
    );
  },
};

const fillRegistration = async (canvasElement: HTMLElement, password = 'correct horse 42') => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: /Username/ }), 'linh.nguyen');
  await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
  await userEvent.type(canvas.getByLabelText(/^Password/), password);
  await userEvent.type(canvas.getByLabelText(/^Confirm password/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
  return canvas;
};

const registerSpy = fn(() => Promise.resolve());
const confirmSpy = fn(checkCode);

/** Register, then the code from the e-mail (a wrong one first). */
export const RegisterThenConfirm: Story = {
  args: { mode: 'register' },
  parameters: { app: { route: '/register' } },
  decorators: [withAuth({ register: registerSpy, confirmRegistration: confirmSpy })],
  beforeEach: () => {
    registerSpy.mockClear();
    confirmSpy.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = await fillRegistration(canvasElement);
    await expect(registerSpy).toHaveBeenCalledWith({
      username: 'linh.nguyen',
      email: 'linh@example.com',
      password: 'correct horse 42',
    });
    const form = await canvas.findByRole('form', { name: 'Confirm your email address' });
    await expect(form).toHaveTextContent('Enter the code we sent to linh@example.com');
    const code = within(form).getByRole('textbox', { name: /Code/ });
    await userEvent.type(code, '111111');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify Code' }));
    await expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid code');
    await userEvent.clear(code);
    await userEvent.type(code, validCode);
    await userEvent.click(within(form).getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(confirmSpy).toHaveBeenLastCalledWith('linh@example.com', validCode));
  },
};

/** The API's own password rules, shown under the password. */
export const RegisterPasswordTooCommon: Story = {
  args: { mode: 'register' },
  parameters: { app: { route: '/register' } },
  decorators: [
    withAuth({
      register: () =>
        Promise.reject(apiError(400, 'This password is too common. Choose another one.')),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await fillRegistration(canvasElement, 'password123456');
    const password = canvas.getByLabelText(/^Password/);
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Use at least 8 characters. Very common passwords are refused. This password is too common. Choose another one.',
      ),
    );
    await expect(password).toHaveFocus();
  },
};

export const RegisterBusy: Story = {
  args: { mode: 'register' },
  parameters: { app: { route: '/register' } },
  decorators: [withAuth({ register: () => pending() })],
  play: async ({ canvasElement }) => {
    const canvas = await fillRegistration(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Create account/ })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};
