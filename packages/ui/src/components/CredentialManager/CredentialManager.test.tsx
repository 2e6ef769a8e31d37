import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { CredentialManager } from './CredentialManager';
import { sampleCredentials } from './fixtures';

function setup(overrides: Partial<Parameters<typeof CredentialManager>[0]> = {}) {
  const props = {
    credentials: sampleCredentials,
    onAdd: vi.fn(),
    onRename: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
  return { props, ...renderUi(<CredentialManager {...props} />) };
}

describe('CredentialManager', () => {
  it('deletes only after confirmation', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete MacBook Pro Touch ID' }));
    expect(props.onDelete).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    await user.click(confirm);
    expect(props.onDelete).toHaveBeenCalledWith('cred-macbook');
  });

  it('keeps the rename editor open with the typed text when saving fails', async () => {
    const onRename = vi.fn().mockRejectedValue(new Error('offline'));
    const { user } = setup({ onRename });
    await user.click(screen.getByRole('button', { name: 'Rename YubiKey 5C' }));
    const field = screen.getByRole('textbox', { name: 'Device name' });
    await user.clear(field);
    await user.type(field, 'Backup key{Enter}');
    await waitFor(() => expect(onRename).toHaveBeenCalledWith('cred-yubikey', 'Backup key'));
    expect(screen.getByRole('textbox', { name: 'Device name' })).toHaveValue('Backup key');
  });

  it('closes the rename editor on Escape without renaming', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename YubiKey 5C' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(props.onRename).not.toHaveBeenCalled();
  });

  it('formats dates in Vietnamese', () => {
    renderUi(
      <CredentialManager
        credentials={sampleCredentials}
        onAdd={vi.fn()}
        onRename={vi.fn()}
        onDelete={vi.fn()}
      />,
      { lng: 'vi' },
    );
    expect(screen.getByRole('heading', { name: 'Thiết bị sinh trắc học' })).toBeInTheDocument();
    expect(screen.getAllByText(/2026/).length).toBeGreaterThan(0);
  });
});
