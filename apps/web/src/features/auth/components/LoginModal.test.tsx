import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../mocks/auth';
import { renderApp } from '../../../test/render';
import type { AuthContextValue } from '../hooks/useAuth';
import { AuthOverride, pending } from './AuthOverride';
import { apiError } from './authStoryDecorators';
import { LoginModal } from './LoginModal';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function Page({ auth }: { auth: Partial<AuthContextValue> }) {
  const [open, setOpen] = useState(false);
  return (
    <AuthOverride value={{ providers: { available: false, sandbox: false }, ...auth }}>
      <button type="button" onClick={() => setOpen(true)}>
        Open sign-in
      </button>
      <LoginModal open={open} onOpenChange={setOpen} />
      <WhereAmI />
    </AuthOverride>
  );
}

async function openModal(auth: Partial<AuthContextValue> = {}, path = '/about-us') {
  const rendered = renderApp({
    routes: [{ path: '*', element: <Page auth={auth} /> }],
    initialEntries: [path],
  });
  await rendered.user.click(await screen.findByRole('button', { name: 'Open sign-in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Welcome to AI Studio' });
  return { ...rendered, dialog, modal: within(dialog) };
}

const location = () => screen.getByTestId('location').textContent;

describe('LoginModal (§2)', () => {
  it('has the Login and Register tabs and locks page scroll while open', async () => {
    const { modal } = await openModal();
    expect(modal.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Login', 'Register']);
    expect(modal.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(document.body).toHaveAttribute('data-scroll-locked');
  });

  it('closes on Escape, unlocks scrolling and gives focus back to the opener', async () => {
    const { user } = await openModal();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
    expect(screen.getByRole('button', { name: 'Open sign-in' })).toHaveFocus();
  });

  it('signs in with email and password, closes and goes to /profile', async () => {
    const signIn = vi.fn(() => Promise.resolve(sampleUser));
    const { user, modal } = await openModal({ signIn });
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.type(modal.getByLabelText(/^Password/), 'secret1');
    await user.click(modal.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signIn).toHaveBeenCalledWith({ email: 'linh@example.com', password: 'secret1' });
    await waitFor(() => expect(location()).toBe('/profile'));
  });

  it('goes to /home after signing in on an /auth/ page', async () => {
    const { user, modal } = await openModal(
      { signIn: () => Promise.resolve(sampleUser) },
      '/auth/callback',
    );
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.type(modal.getByLabelText(/^Password/), 'secret1');
    await user.click(modal.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('stays open with the server’s words when the sign-in is refused', async () => {
    const { user, modal } = await openModal({
      signIn: () => Promise.reject(apiError(401, 'Invalid email or password.')),
    });
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.type(modal.getByLabelText(/^Password/), 'wrong-one');
    await user.click(modal.getByRole('button', { name: 'Sign in' }));
    expect(await modal.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(location()).toBe('/about-us');
  });

  it('closes when the forgotten-password link is followed', async () => {
    const { user, modal } = await openModal();
    await user.click(modal.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(location()).toBe('/reset-password'));
  });

  it('signs in with an email code: Send Code, then Verify Code, each disabled while empty', async () => {
    const requestCode = vi.fn(() => Promise.resolve());
    const verifyCode = vi.fn((_email: string, code: string) =>
      code === '123456'
        ? Promise.resolve(sampleUser)
        : Promise.reject(apiError(401, 'Invalid code')),
    );
    const { user, modal } = await openModal({ requestCode, verifyCode });
    await user.click(modal.getByRole('button', { name: 'Sign in with an email code instead' }));
    const send = modal.getByRole('button', { name: 'Send Code' });
    expect(send).toBeDisabled();
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.click(send);
    expect(requestCode).toHaveBeenCalledWith('linh@example.com');

    const code = await modal.findByRole('textbox', { name: /Code/ });
    expect(code).toBeRequired();
    const verify = modal.getByRole('button', { name: 'Verify Code' });
    expect(verify).toBeDisabled();
    await user.type(code, '000000');
    await user.click(verify);
    expect(await modal.findByRole('alert')).toHaveTextContent('Invalid code');
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(verify);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(verifyCode).toHaveBeenLastCalledWith('linh@example.com', '123456');
    await waitFor(() => expect(location()).toBe('/profile'));
  });

  it("shows 'Failed to send code' when the API fails without words of its own", async () => {
    const { user, modal } = await openModal({ requestCode: () => Promise.reject(apiError(500)) });
    await user.click(modal.getByRole('button', { name: 'Sign in with an email code instead' }));
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.click(modal.getByRole('button', { name: 'Send Code' }));
    expect(await modal.findByRole('alert')).toHaveTextContent('Failed to send code');
  });

  it('keeps Send Code busy while the request runs', async () => {
    const { user, modal } = await openModal({ requestCode: () => pending() });
    await user.click(modal.getByRole('button', { name: 'Sign in with an email code instead' }));
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.click(modal.getByRole('button', { name: 'Send Code' }));
    await waitFor(() =>
      expect(modal.getByRole('button', { name: /Send Code/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
  });

  it('registers, then confirms the address with the emailed code', async () => {
    const register = vi.fn(() => Promise.resolve());
    const confirmRegistration = vi.fn(() => Promise.resolve(sampleUser));
    const { user, modal } = await openModal({ register, confirmRegistration });
    await user.click(modal.getByRole('tab', { name: 'Register' }));
    await user.type(modal.getByRole('textbox', { name: /Username/ }), 'linh.nguyen');
    await user.type(modal.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.type(modal.getByLabelText(/^Password/), 'correct horse 42');
    await user.type(modal.getByLabelText(/^Confirm password/), 'correct horse 42');
    await user.click(modal.getByRole('button', { name: 'Create account' }));
    expect(register).toHaveBeenCalledWith({
      username: 'linh.nguyen',
      email: 'linh@example.com',
      password: 'correct horse 42',
    });
    await user.type(await modal.findByRole('textbox', { name: /Code/ }), '123456');
    await user.click(modal.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmRegistration).toHaveBeenCalledWith('linh@example.com', '123456');
    await waitFor(() => expect(location()).toBe('/profile'));
  });

  it('explains why Microsoft, Google and Apple are off, and keeps them off', async () => {
    const { modal } = await openModal();
    const group = modal.getByRole('group', { name: 'Sign in with Microsoft, Google or Apple' });
    for (const button of within(group).getAllByRole('button')) expect(button).toBeDisabled();
    expect(group).toHaveAccessibleDescription(
      'Sign-in with Microsoft, Google or Apple is not available right now. You can still use your email.',
    );
  });

  it('sends the domain hint of the button pressed, marked Sandbox on the sandbox', async () => {
    const signInWithProvider = vi.fn(() => pending<undefined>());
    const { user, modal } = await openModal({
      providers: { available: true, sandbox: true },
      signInWithProvider,
    });
    expect(modal.getByText('Sandbox')).toBeVisible();
    await user.click(modal.getByRole('button', { name: 'Continue with Apple' }));
    expect(signInWithProvider).toHaveBeenCalledWith('apple');
    expect(modal.getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
  });

  it('speaks Vietnamese', async () => {
    const rendered = renderApp({
      routes: [{ path: '*', element: <Page auth={{}} /> }],
      language: 'vi',
    });
    await rendered.user.click(await screen.findByRole('button', { name: 'Open sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chào mừng bạn đến với AI Studio' });
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Đăng nhập' }));
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Vui lòng nhập email',
    );
  });
});
