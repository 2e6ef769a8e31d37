import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@studio/ui';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { HttpFailure } from '../../../lib/api/errorText';
import { sampleUser } from '../../../mocks/auth';
import { apiError, providersSandbox, withAuth } from './authStoryDecorators';
import { LoginModal } from './LoginModal';

/** A page with a Sign in button, as the header has. */
function ModalOpener({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Sign in</Button>
      <LoginModal open={open} onOpenChange={setOpen} />
    </>
  );
}

const signInSpy = fn(() => Promise.resolve(sampleUser));

/**
 * §2 Login modal: the sign-in panel in a dialog. Escape closes it, the page does not scroll
 * behind it, and signing in closes it. Radix renders it in a portal: queries use `screen`.
 */
const meta = {
  title: 'App/Auth/Login modal',
  component: ModalOpener,
  decorators: [withAuth({ ...providersSandbox, signIn: signInSpy }), withAppProviders],
  beforeEach: (context) => {
    signInSpy.mockClear();
    applyAppHandlers(context);
  },
} satisfies Meta<typeof ModalOpener>;

export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Welcome to AI Studio' });
  // It fades in: wait until it is fully shown.
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
};

export const Opens: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(
      'Sign in to keep your chats, or create a free account.',
    );
    await expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Login', 'Register']);
    await expect(within(dialog).getByText('Sandbox')).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Continue with Google' }),
    ).toBeEnabled();
    // Page scroll is locked while it is open.
    await expect(document.body).toHaveAttribute('data-scroll-locked');
  },
};

export const OpensVietnamese: Story = {
  args: { defaultOpen: true },
  globals: { locale: 'vi' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Chào mừng bạn đến với AI Studio' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole('tab', { name: 'Đăng ký' })).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Tiếp tục với Microsoft' }),
    ).toBeVisible();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(document.body).not.toHaveAttribute('data-scroll-locked');
    // Focus goes back to what opened it.
    await expect(within(canvasElement).getByRole('button', { name: 'Sign in' })).toHaveFocus();
  },
};

export const RegisterTab: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Register' }));
    await expect(within(dialog).getByRole('form', { name: 'Create an account' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await expect(
      within(dialog).getByRole('textbox', { name: /Username/ }),
    ).toHaveAccessibleDescription('Username must be at least 3 characters');
  },
};

/** §2: on success it closes (and goes to /profile). */
export const SignInCloses: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email/ }),
      'linh@example.com',
    );
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(signInSpy).toHaveBeenCalledWith({
      email: 'linh@example.com',
      password: 'secret1',
    });
  },
};

/** The forgotten-password link leaves the modal for /reset-password. */
export const ForgotPasswordCloses: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    const link = within(dialog).getByRole('link', { name: 'Forgot password?' });
    await expect(link).toHaveAttribute('href', '/reset-password');
    await userEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The header's Sign in control opens the same modal. */
export const FromTheHeader: Story = {
  render: () => <p>AI tools for work and play.</p>,
  parameters: { app: { layout: true } },
  play: async ({ canvasElement }) => {
    const header = within(within(canvasElement).getByRole('banner'));
    // Shown once auth has found nobody signed in.
    await userEvent.click(await header.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to AI Studio' });
    await expect(within(dialog).getByRole('tab', { name: 'Login' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The user menu's Sign in item opens it too; on the sandbox the social buttons say so. */
export const FromTheUserMenuOnTheSandbox: Story = {
  render: () => <p>AI tools for work and play.</p>,
  // Full width: the header shows its account menu from 1024 px of room (a padded canvas has less,
  // and gets the compact header).
  parameters: { layout: 'fullscreen', app: { layout: true, sandbox: true } },
  play: async ({ canvasElement }) => {
    const header = within(within(canvasElement).getByRole('banner'));
    await header.findByRole('button', { name: 'Sign in' });
    await userEvent.click(header.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to AI Studio' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByText('Sandbox')).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Continue with Google' }),
    ).toBeEnabled();
  },
};

/** Types an address and a password on the Login tab and clicks Sign in. */
const submitSignIn = async (dialog: HTMLElement) => {
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'linh@example.com');
  await userEvent.type(within(dialog).getByLabelText(/^Password/), 'secret1');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
};

/** Sign-in failed with no words from the API (a bare 500): the form's own fallback. */
export const SignInFailed: Story = {
  decorators: [withAuth({ signIn: () => Promise.reject(apiError(500)) })],
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await submitSignIn(dialog);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't sign you in",
    );
  },
};

/** Sign-in request never reached the server: §8's network text above the form. */
export const SignInNetworkError: Story = {
  decorators: [withAuth({ signIn: () => Promise.reject(new HttpFailure('network')) })],
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await submitSignIn(dialog);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
  },
};

/** Sign-in request got no answer in time: §8's timeout text above the form. */
export const SignInTimedOut: Story = {
  decorators: [withAuth({ signIn: () => Promise.reject(new HttpFailure('timeout')) })],
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await submitSignIn(dialog);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Request timed out. Please try again.',
    );
  },
};

/** Switches the Login tab to an e-mail code, sends one and waits for the code step. */
const reachCodeStep = async (dialog: HTMLElement) => {
  await userEvent.click(
    within(dialog).getByRole('button', { name: 'Sign in with an email code instead' }),
  );
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'linh@example.com');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Code' }));
  await expect(
    await within(dialog).findByText(
      'We sent a code to linh@example.com. It is valid for 10 minutes.',
    ),
  ).toBeVisible();
};

/** Code step after 'Send a new code': the 'A new code is on its way.' notice. */
export const CodeResent: Story = {
  decorators: [withAuth({ requestCode: () => Promise.resolve() })],
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await reachCodeStep(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    const notice = await within(dialog).findByText('A new code is on its way.');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(within(dialog).getByRole('textbox', { name: /Code/ })).toBeVisible();
  },
};

let codesSent = 0;

/** Sends the first code, then fails like the API without words (a 500). */
const firstCodeOnly = () => {
  codesSent += 1;
  return codesSent === 1 ? Promise.resolve() : Promise.reject(apiError(500));
};

/** Code step after a failed 'Send a new code': 'Failed to send code' above the code field. */
export const CodeResendFailed: Story = {
  decorators: [withAuth({ requestCode: firstCodeOnly })],
  beforeEach: () => {
    codesSent = 0;
  },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await reachCodeStep(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send code');
    await expect(within(dialog).getByRole('textbox', { name: /Code/ })).toBeVisible();
  },
};

/** Fills the Register tab (the same password twice) and clicks Create account. */
const submitRegistration = async (dialog: HTMLElement, password: string) => {
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Register' }));
  const form = within(dialog).getByRole('form', { name: 'Create an account' });
  await userEvent.type(within(form).getByRole('textbox', { name: /Username/ }), 'linh.nguyen');
  await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'linh@example.com');
  await userEvent.type(within(form).getByLabelText(/^Password/), password);
  await userEvent.type(within(form).getByLabelText(/^Confirm password/), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Create account' }));
  return form;
};

/** Register refused by the API's 8-character rule (6–7 pass the form's own rule): under the password. */
export const RegisterPasswordTooShort: Story = {
  decorators: [
    withAuth({
      register: () => Promise.reject(apiError(400, 'Password must be at least 8 characters')),
    }),
  ],
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    const form = await submitRegistration(dialog, 'secret1');
    const password = within(form).getByLabelText(/^Password/);
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Use at least 8 characters. Very common passwords are refused. Password must be at least 8 characters',
      ),
    );
    await expect(password).toHaveFocus();
  },
};

/** Register failed with no words from the API (a bare 500): the form's own fallback. */
export const RegisterFailed: Story = {
  decorators: [withAuth({ register: () => Promise.reject(apiError(500)) })],
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    const form = await submitRegistration(dialog, 'correct horse 42');
    await expect(await within(form).findByRole('alert')).toHaveTextContent(
      "We couldn't create your account",
    );
  },
};
