import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { Modal, type ModalContentProps } from './Modal';

function renderModal(
  content: Partial<ModalContentProps> = {},
  { lng, onOpenChange }: { lng?: 'en' | 'vi'; onOpenChange?: (open: boolean) => void } = {},
) {
  return renderUi(
    <Modal.Root onOpenChange={onOpenChange}>
      <Modal.Trigger>Open</Modal.Trigger>
      <Modal.Content title="Sign in" {...content}>
        <Modal.Body>
          <input aria-label="E-mail" />
        </Modal.Body>
        <Modal.Footer>
          <Modal.Close>Cancel</Modal.Close>
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>,
    { lng },
  );
}

describe('Modal', () => {
  it('is a dialog named by its title heading and described by its description', async () => {
    const { user } = renderModal({ description: 'Save your conversations.' });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('Sign in');
    expect(dialog).toHaveAccessibleDescription('Save your conversations.');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('has no dangling aria-describedby and no Radix warning without a description', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-describedby');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('closes on Escape, returns focus to the trigger and unlocks page scroll', async () => {
    const onOpenChange = vi.fn();
    const { user } = renderModal({}, { onOpenChange });
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    await waitFor(() => expect(document.body).toHaveAttribute('data-scroll-locked'));
    // Focus moved inside: the first field.
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(trigger).toHaveFocus();
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it('as a side sheet is the same dialog: named, Escape closes it, focus returns', async () => {
    const { user } = renderModal({ placement: 'end' });
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Sign in');
    await waitFor(() => expect(document.body).toHaveAttribute('data-scroll-locked'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('has a translated close button in the corner', async () => {
    const { user } = renderModal({}, { lng: 'vi' });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when not dismissible, ignores Escape and outside clicks and has no close button', async () => {
    const { user } = renderModal({ dismissible: false });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The content's own action still closes it.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can hide the corner close button while staying dismissible', async () => {
    const { user } = renderModal({ hideCloseButton: true });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
