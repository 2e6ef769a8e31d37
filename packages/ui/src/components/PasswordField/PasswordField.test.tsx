import { fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { PasswordField } from './PasswordField';

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, then names the toggle for hiding it', async () => {
    const onVisibleChange = vi.fn();
    const { user } = renderUi(<PasswordField label="Password" onVisibleChange={onVisibleChange} />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-controls', input.id);
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBe(toggle);
    expect(onVisibleChange).toHaveBeenLastCalledWith(true);
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(onVisibleChange).toHaveBeenLastCalledWith(false);
  });

  it('keeps focus and the caret in the input when the toggle is clicked', async () => {
    const { user } = renderUi(<PasswordField label="Password" />);
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    await user.type(input, 'secret');
    input.setSelectionRange(2, 2);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveFocus();
    expect(input.selectionStart).toBe(2);
    await user.keyboard('X');
    expect(input).toHaveValue('seXcret');
  });

  it('leaves focus on the toggle when it is used from the keyboard', async () => {
    const { user } = renderUi(<PasswordField label="Password" />);
    await user.tab();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(toggle).toHaveFocus();
  });

  it('never submits a form with its toggle', () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderUi(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <PasswordField label="Password" />
      </form>,
    );
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('type', 'button');
    fireEvent.click(toggle);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses current-password by default, new-password when asked, and translated names', () => {
    renderUi(
      <>
        <PasswordField label="Mật khẩu" />
        <PasswordField label="Mật khẩu mới" autoComplete="new-password" defaultVisible />
      </>,
      { lng: 'vi' },
    );
    expect(screen.getByLabelText('Mật khẩu')).toHaveAttribute('autocomplete', 'current-password');
    const fresh = screen.getByLabelText('Mật khẩu mới');
    expect(fresh).toHaveAttribute('autocomplete', 'new-password');
    expect(fresh).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hiện mật khẩu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ẩn mật khẩu' })).toBeInTheDocument();
  });

  it('disables its toggle with the field and forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    renderUi(
      <PasswordField
        ref={ref}
        label="Password"
        disabled
        error="Password must be at least 6 characters"
      />,
    );
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
    expect(ref.current).toBe(screen.getByLabelText('Password'));
    expect(ref.current).toHaveAccessibleDescription('Password must be at least 6 characters');
  });
});
