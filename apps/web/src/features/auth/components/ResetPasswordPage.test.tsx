import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import type { AuthContextValue } from '../hooks/useAuth';
import { AuthOverride } from './AuthOverride';
import { apiError } from './authStoryDecorators';
import { ResetPasswordPage, resetTokenFrom } from './ResetPasswordPage';

function WhereAmI() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="location">{`${pathname}${search}${hash}`}</p>;
}

function renderPage(auth: Partial<AuthContextValue>, entry: string) {
  return renderApp({
    routes: [
      {
        path: '*',
        element: (
          <AuthOverride value={auth}>
            <ResetPasswordPage />
            <WhereAmI />
          </AuthOverride>
        ),
      },
    ],
    initialEntries: [entry],
  });
}

describe('resetTokenFrom', () => {
  it('reads token= from the fragment, and nothing else', () => {
    expect(resetTokenFrom('#token=abc-123')).toBe('abc-123');
    expect(resetTokenFrom('#other=1&token=x%2By')).toBe('x+y');
    expect(resetTokenFrom('#token=')).toBeNull();
    expect(resetTokenFrom('')).toBeNull();
  });
});

describe('/reset-password', () => {
  it('asks for a link and answers the same way whatever the address', async () => {
    const requestPasswordReset = vi.fn(() => Promise.resolve());
    const { user } = renderPage({ requestPasswordReset }, '/reset-password');
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account uses nobody@example.com, a link to choose a new password is on its way.',
    );
    expect(requestPasswordReset).toHaveBeenCalledWith('nobody@example.com');
  });

  it('takes the token out of the address bar at once and uses it for the new password', async () => {
    const completePasswordReset = vi.fn(() => Promise.resolve());
    const { user } = renderPage({ completePasswordReset }, '/reset-password#token=tok-42');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/),
    );
    await user.type(screen.getByLabelText(/^New password/), 'correct horse 42');
    await user.type(screen.getByLabelText(/^Confirm password/), 'correct horse 42');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByRole('heading', { name: 'Your password has been changed' }),
    ).toBeVisible();
    expect(completePasswordReset).toHaveBeenCalledWith('tok-42', 'correct horse 42');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the API’s password rule under the field, translated', async () => {
    const { user } = renderApp({
      routes: [
        {
          path: '*',
          element: (
            <AuthOverride
              value={{
                completePasswordReset: () =>
                  Promise.reject(apiError(400, 'This password is too common. Choose another one.')),
              }}
            >
              <ResetPasswordPage />
            </AuthOverride>
          ),
        },
      ],
      initialEntries: ['/reset-password#token=tok-42'],
      language: 'vi',
    });
    await user.type(await screen.findByLabelText(/^Mật khẩu mới/), 'password123456');
    await user.type(screen.getByLabelText(/^Xác nhận mật khẩu/), 'password123456');
    await user.click(screen.getByRole('button', { name: 'Lưu mật khẩu mới' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Mật khẩu mới/)).toHaveAccessibleDescription(
        /Mật khẩu này quá phổ biến. Hãy chọn mật khẩu khác.$/,
      ),
    );
  });

  it('says when the link is invalid or expired, and offers a new one', async () => {
    const { user } = renderPage(
      {
        completePasswordReset: () =>
          Promise.reject(apiError(400, 'This reset link is invalid or has expired.')),
      },
      '/reset-password#token=used-token',
    );
    await user.type(await screen.findByLabelText(/^New password/), 'correct horse 42');
    await user.type(screen.getByLabelText(/^Confirm password/), 'correct horse 42');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  });
});
