import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { sampleCredentials } from '../CredentialManager/fixtures';
import { CredentialPicker } from './CredentialPicker';

const base = {
  credentials: sampleCredentials,
  onAuthenticate: vi.fn(),
  onCancel: vi.fn(),
  onSkip: vi.fn(),
};

describe('CredentialPicker', () => {
  it('offers only active credentials and pre-selects the most recently used', () => {
    renderUi(<CredentialPicker {...base} state="select" />);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /MacBook/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /YubiKey/ })).not.toBeInTheDocument();
  });

  it('cannot be skipped when verification is required', () => {
    renderUi(<CredentialPicker {...base} state="select" required />);
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(screen.getByText('Verification is required before you pay.')).toBeInTheDocument();
  });

  it('authenticates with the chosen credential', async () => {
    const onAuthenticate = vi.fn();
    const { user } = renderUi(
      <CredentialPicker {...base} onAuthenticate={onAuthenticate} state="select" />,
    );
    await user.click(screen.getByRole('radio', { name: /Pixel/ }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onAuthenticate).toHaveBeenCalledWith('cred-pixel');
  });

  it('shows the verified flag instead of the choices after success', () => {
    renderUi(<CredentialPicker {...base} state="select" verified />, { lng: 'vi' });
    expect(screen.getByRole('status')).toHaveTextContent('Đã xác minh');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the exact unsupported hint', () => {
    renderUi(<CredentialPicker {...base} state="unsupported" />);
    expect(
      screen.getByText(
        'Biometric authentication not supported on this device/browser. You can still pay securely.',
      ),
    ).toBeInTheDocument();
  });
});
