import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { AuthCallbackPage } from './AuthCallbackPage';

const bridge = vi.hoisted(() => ({ broadcastResponseToMainFrame: vi.fn(async () => undefined) }));
vi.mock('@azure/msal-browser/redirect-bridge', () => bridge);

afterEach(() => {
  window.history.replaceState(null, '', '/');
  bridge.broadcastResponseToMainFrame.mockReset();
});

describe('/auth/callback inside the app (where the bridge page is not served)', () => {
  it('hands the identity service’s answer over, as the bridge page does', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    renderInApp(<AuthCallbackPage />);
    expect(await screen.findByRole('status')).toHaveTextContent('Finishing sign-in…');
    await vi.waitFor(() => expect(bridge.broadcastResponseToMainFrame).toHaveBeenCalledTimes(1));
  });

  it('offers the way home when the URL carries no answer', async () => {
    renderInApp(<AuthCallbackPage />);
    expect(
      await screen.findByText('This page only completes a sign-in, and there is none to complete.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(bridge.broadcastResponseToMainFrame).not.toHaveBeenCalled();
  });

  it('says so, in an alert, when the answer cannot be handed over', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    bridge.broadcastResponseToMainFrame.mockRejectedValue(new Error('no_state'));
    window.history.replaceState(null, '', '/auth/callback#code=abc&state=xyz');
    renderInApp(<AuthCallbackPage />, { language: 'vi' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Chưa hoàn tất được việc đăng nhập.');
    expect(alert).toHaveTextContent('Về trang chủ');
  });
});
