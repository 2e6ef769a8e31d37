import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function Harness(props: Partial<ConfirmDialogProps> & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ConfirmDialog
        title="Delete this device?"
        confirmLabel="Delete"
        onConfirm={() => {}}
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) props.onClosed?.();
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title with a translated default cancel label', async () => {
    const { user } = renderUi(<Harness tone="danger" />, { lng: 'vi' });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName('Delete this device?');
    // Danger: focus starts on the safe choice.
    expect(screen.getByRole('button', { name: 'Hủy' })).toHaveFocus();
  });

  it('focuses the confirm button for a default-tone dialog', async () => {
    const { user } = renderUi(<Harness tone="default" confirmLabel="Stop sharing" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Stop sharing' })).toHaveFocus();
  });

  it('closes right away after a synchronous confirm and returns focus to the opener', async () => {
    const onConfirm = vi.fn();
    const { user } = renderUi(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('shows loading while the promise runs and closes when it resolves', async () => {
    let resolve: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const { user } = renderUi(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const confirm = screen.getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // A second click while pending does not run the action twice; Escape does not close.
    await user.click(confirm);
    await user.keyboard('{Escape}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await act(async () => resolve());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays open when the promise rejects, showing the error as an alert', async () => {
    const onClosed = vi.fn();
    function Failing() {
      const [error, setError] = useState<string>();
      return (
        <Harness
          onClosed={onClosed}
          error={error}
          onConfirm={() => {
            setError('Could not delete.');
            return Promise.reject(new Error('boom'));
          }}
        />
      );
    }
    const { user } = renderUi(<Failing />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const confirm = screen.getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not delete.');
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('cancel closes without confirming', async () => {
    const onConfirm = vi.fn();
    const { user } = renderUi(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
