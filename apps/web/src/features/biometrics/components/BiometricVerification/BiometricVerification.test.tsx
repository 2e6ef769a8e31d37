import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../../mocks/auth';
import { webauthnHandlers } from '../../../../mocks/handlers/webauthn';
import { renderInApp } from '../../../../test/render';
import { server } from '../../../../test/server';
import { CeremonyContext } from '../../ceremony';
import { fakeCeremony, type FakeCeremonyOptions } from '../../fakeCeremony';
import { useBiometricAccount } from '../../hooks/useBiometricAccount';
import { useBiometricSupport } from '../../hooks/useBiometricSupport';
import { BiometricVerification } from './BiometricVerification';

function Panel(props: { onVerified: () => void; onSkip: () => void; onCancel: () => void }) {
  const account = useBiometricAccount(sampleUser.id);
  const support = useBiometricSupport();
  return <BiometricVerification account={account} support={support} {...props} />;
}

function renderPanel(ceremony: FakeCeremonyOptions = {}) {
  const callbacks = { onVerified: vi.fn(), onSkip: vi.fn(), onCancel: vi.fn() };
  const rendered = renderInApp(
    <CeremonyContext value={fakeCeremony(ceremony)}>
      <Panel {...callbacks} />
    </CeremonyContext>,
  );
  return { ...rendered, ...callbacks };
}

const panel = () => screen.getByRole('region', { name: "Verify it's you" });

describe('BiometricVerification (§2, §4)', { timeout: 20_000 }, () => {
  it('verifies with the chosen device and calls the success callback', async () => {
    server.use(webauthnHandlers.credentials);
    let allowed: string[] = [];
    server.use(
      http.post('*/api/webauthn/authenticate/complete', async ({ request }) => {
        const body = (await request.json()) as { id: string };
        allowed = [body.id];
        return HttpResponse.json({
          success: true,
          errorMessage: null,
          credentialId: body.id,
          verifiedUntil: '2099-01-01T00:00:00.000Z',
        });
      }),
    );
    const { user, onVerified } = renderPanel();
    await user.click(await screen.findByRole('radio', { name: /Pixel 9 fingerprint/ }));
    await user.click(within(panel()).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified. You can pay now.')).toBeVisible();
    expect(onVerified).toHaveBeenCalledWith('2099-01-01T00:00:00.000Z');
    // The browser was asked for the chosen device only.
    expect(allowed).toEqual(['cred-pixel']);
  });

  it('hides Skip when verification is required', async () => {
    server.use(webauthnHandlers.credentialsRequired);
    renderPanel();
    expect(await screen.findByText('Verification is required before you pay.')).toBeVisible();
    expect(within(panel()).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
  });

  it('offers Skip and Cancel otherwise', async () => {
    server.use(webauthnHandlers.credentials);
    const { user, onSkip, onCancel } = renderPanel();
    await user.click(await within(panel()).findByRole('button', { name: 'Skip' }));
    expect(onSkip).toHaveBeenCalled();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('shows the §8 text of a failed ceremony and starts again on Try again', async () => {
    server.use(webauthnHandlers.credentials);
    const { user, onVerified } = renderPanel({ authenticateError: 'NotAllowedError' });
    await user.click(await within(panel()).findByRole('button', { name: 'Verify' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Verification was cancelled or the device is locked.',
    );
    expect(onVerified).not.toHaveBeenCalled();
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }));
    expect(within(panel()).getByRole('button', { name: 'Verify' })).toBeVisible();
  });

  it('Cancel while waiting for the device stops the ceremony, not the panel', async () => {
    server.use(webauthnHandlers.credentials);
    const { user, onCancel, onVerified } = renderPanel({ authenticatePending: true });
    await user.click(await within(panel()).findByRole('button', { name: 'Verify' }));
    expect(await within(panel()).findByText('Waiting for your device…')).toBeVisible();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Verification was cancelled or the device is locked.',
    );
    expect(onCancel).not.toHaveBeenCalled();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('reports an expired session from the API', async () => {
    server.use(webauthnHandlers.credentials, webauthnHandlers.authenticateCompleteExpired);
    const { user } = renderPanel();
    await user.click(await within(panel()).findByRole('button', { name: 'Verify' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'The verification session expired. Please try again.',
    );
  });

  it('says when the list cannot be read, and reads it again', async () => {
    server.use(webauthnHandlers.credentialsUnauthorized);
    const { user } = renderPanel();
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Please sign in to use biometric verification.',
    );
    server.use(webauthnHandlers.credentials);
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /MacBook Pro Touch ID/ })).toBeChecked();
  });

  it('registers a new device inline and returns to the choice', async () => {
    server.use(webauthnHandlers.credentialsEmpty);
    const { user } = renderPanel();
    expect(await screen.findByText('You have no devices registered yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Register a new device' }));
    await user.type(screen.getByRole('textbox', { name: 'Name your new device' }), 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('radio', { name: /Work laptop/ })).toBeChecked();
    expect(await screen.findByText('Device added')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('textbox', { name: 'Name your new device' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows the unsupported hint without asking the API', async () => {
    const { onVerified } = renderPanel({ supported: false });
    expect(within(panel()).getByRole('status')).toHaveTextContent(
      'Biometric authentication not supported on this device/browser. You can still pay securely.',
    );
    expect(within(panel()).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('speaks Vietnamese', async () => {
    server.use(webauthnHandlers.credentials);
    const callbacks = { onVerified: vi.fn(), onSkip: vi.fn(), onCancel: vi.fn() };
    renderInApp(
      <CeremonyContext value={fakeCeremony({ supported: false })}>
        <Panel {...callbacks} />
      </CeremonyContext>,
      { language: 'vi' },
    );
    expect(
      await screen.findByText(
        'Thiết bị hoặc trình duyệt này không hỗ trợ xác thực sinh trắc học. Bạn vẫn có thể thanh toán an toàn.',
      ),
    ).toBeVisible();
  });
});
