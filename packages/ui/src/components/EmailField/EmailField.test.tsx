import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { EmailField } from './EmailField';

describe('EmailField', () => {
  it('is an e-mail input with the e-mail keyboard, autofill and no spell-check', () => {
    renderUi(<EmailField label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('inputmode', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('spellcheck', 'false');
  });

  it('lets the caller change autocomplete (e.g. a newsletter field) and shows errors', () => {
    renderUi(<EmailField label="Email" autoComplete="off" error="Email is invalid" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAccessibleDescription('Email is invalid');
  });

  it('forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    renderUi(<EmailField ref={ref} label="Email" />);
    expect(ref.current).toBe(screen.getByRole('textbox'));
  });
});
