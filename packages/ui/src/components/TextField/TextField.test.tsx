import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is a labelled text input that passes native props through', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <TextField label="Username" name="username" placeholder="ada" onChange={onChange} />,
    );
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('name', 'username');
    expect(input).toHaveAttribute('placeholder', 'ada');
    await user.type(input, 'ada');
    expect(input).toHaveValue('ada');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('shows an error under the input, describes the input with it and marks it invalid', () => {
    renderUi(
      <TextField
        label="Username"
        hint="3 characters or more."
        error="Username must be at least 3 characters"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription(
      '3 characters or more. Username must be at least 3 characters',
    );
  });

  it('keeps an id given by the caller and the caller’s own aria-describedby', () => {
    renderUi(
      <>
        <span id="note">Note</span>
        <TextField id="username" label="Username" aria-describedby="note" hint="Hint" />
      </>,
    );
    const input = screen.getByLabelText('Username');
    expect(input).toHaveAttribute('id', 'username');
    expect(input).toHaveAccessibleDescription('Hint Note');
  });

  it('can be disabled or read-only', async () => {
    const { user } = renderUi(
      <>
        <TextField label="Disabled" disabled defaultValue="x" />
        <TextField label="Read only" readOnly defaultValue="y" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Disabled' })).toBeDisabled();
    const readOnly = screen.getByRole('textbox', { name: 'Read only' });
    await user.type(readOnly, 'z');
    expect(readOnly).toHaveValue('y');
  });

  it('keeps a leading icon out of the accessible name', () => {
    renderUi(<TextField label="Search" icon={<svg data-testid="icon" />} />);
    expect(screen.getByRole('textbox')).toHaveAccessibleName('Search');
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    renderUi(<TextField ref={ref} label="Username" />);
    expect(ref.current).toBe(screen.getByRole('textbox'));
  });
});
