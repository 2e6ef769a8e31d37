import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import type { SendOutcome } from '../hooks/chatTurns';
import { Composer, type ComposerProps } from './Composer';

function renderComposer(props: Partial<ComposerProps> = {}) {
  const onSend = vi.fn<ComposerProps['onSend']>(() =>
    Promise.resolve<SendOutcome>({ status: 'sent' }),
  );
  const onStop = vi.fn();
  const view = renderInApp(
    <Composer
      busy={false}
      onSend={onSend}
      onStop={onStop}
      canAttach={false}
      modelId="gpt-4o-mini"
      {...props}
    />,
  );
  return { ...view, onSend, onStop };
}

const box = () => screen.findByRole('textbox', { name: 'Message' });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

describe('Composer', () => {
  it('does not send the Enter that confirms an input method’s candidate', async () => {
    const { onSend } = renderComposer();
    const field = await box();
    fireEvent.change(field, { target: { value: 'xin chào' } });
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('xin chào', []);
  });

  it('sends nothing empty, and turns Send into Stop while a reply is written', async () => {
    const { user, onSend, onStop, rerender } = renderComposer();
    await user.type(await box(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    rerender(<></>);
    renderComposer({ busy: true, onStop });
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
  });

  it('attaches an uploaded image to the next message, with progress', async () => {
    let finish: (url: string) => void = () => undefined;
    const upload = vi.fn<NonNullable<ComposerProps['upload']>>((_file, options) => {
      options?.onProgress?.(0.5);
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    const { user, onSend } = renderComposer({ canAttach: true, upload });
    await user.upload(screen.getByTestId('chat-image-input'), png());
    const chip = await screen.findByRole('group', { name: 'Attached image' });
    expect(chip).toHaveTextContent('uploading 50%');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    finish('/api/chat/uploads/img-7');
    await waitFor(() => expect(chip).toHaveTextContent('ready'));
    await user.type(await box(), 'What is this?{Enter}');
    expect(onSend).toHaveBeenCalledWith('What is this?', ['/api/chat/uploads/img-7']);
    expect(screen.queryByRole('group', { name: 'Attached image' })).toBeNull();
  });

  it('gives back the text and the image when the send fails', async () => {
    const onSend = vi.fn<ComposerProps['onSend']>(() =>
      Promise.resolve<SendOutcome>({ status: 'failed', draft: 'My question' }),
    );
    const upload = vi.fn(() => Promise.resolve('/api/chat/uploads/img-8'));
    const { user } = renderComposer({ canAttach: true, upload, onSend });
    await user.upload(screen.getByTestId('chat-image-input'), png());
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Attached image' })).toHaveTextContent('ready'),
    );
    await user.type(await box(), 'My question{Enter}');
    await waitFor(async () => expect(await box()).toHaveValue('My question'));
    expect(screen.getByRole('group', { name: 'Attached image' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    const upload = vi.fn(() => Promise.resolve('/x'));
    renderComposer({ canAttach: true, upload });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // Past the accept filter (a drop, or "All files" in the picker).
    fireEvent.change(screen.getByTestId('chat-image-input'), { target: { files: [text] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only PNG, JPEG, WebP or GIF images.',
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it('has no attach button for a model without vision', async () => {
    renderComposer({ canAttach: false });
    await box();
    expect(screen.queryByRole('button', { name: /Attach image/ })).toBeNull();
  });

  it('shows a visitor the attach control, which asks them to sign in (issue 13 §8)', async () => {
    const onSignInToAttach = vi.fn();
    const { user } = renderComposer({ canAttach: false, onSignInToAttach });
    const attach = await screen.findByRole('button', { name: 'Attach image (sign in first)' });
    expect(attach).toHaveAccessibleDescription(
      'Sign in to attach images. This opens the sign-in window.',
    );
    expect(attach).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(attach);
    expect(onSignInToAttach).toHaveBeenCalledOnce();
    // No file is picked: there is no file input to pick one with.
    expect(screen.queryByTestId('chat-image-input')).toBeNull();
  });

  it('says so in Vietnamese', async () => {
    renderInApp(
      <Composer
        busy={false}
        onSend={vi.fn()}
        onStop={vi.fn()}
        canAttach={false}
        onSignInToAttach={vi.fn()}
        modelId="gpt-4o-mini"
      />,
      { language: 'vi' },
    );
    expect(
      await screen.findByRole('button', { name: 'Đính kèm ảnh (cần đăng nhập)' }),
    ).toHaveAccessibleDescription('Đăng nhập để đính kèm ảnh. Nút này mở cửa sổ đăng nhập.');
  });
});
