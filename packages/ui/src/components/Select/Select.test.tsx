import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { Select, type SelectOption } from './Select';

const currencies: SelectOption[] = [
  { value: 'USD', label: 'US dollar ($)' },
  { value: 'VND', label: 'Vietnamese đồng (₫)' },
  { value: 'EUR', label: 'Euro (€)', disabled: true },
];

describe('Select', () => {
  it('is a labelled native select starting on the translated placeholder', () => {
    renderUi(<Select label="Currency" options={currencies} />, { lng: 'vi' });
    const select = screen.getByRole('combobox', { name: 'Currency' });
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Chọn một mục' })).toHaveProperty('selected', true);
  });

  it('starts on a disabled placeholder when required, and the user can choose an option', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <Select
        label="Currency"
        options={currencies}
        required
        placeholder="Pick a currency"
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Currency' });
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Pick a currency' })).toBeDisabled();
    await user.selectOptions(select, 'VND');
    expect(select).toHaveValue('VND');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('option', { name: 'Euro (€)' })).toBeDisabled();
  });

  it('can leave the placeholder out', () => {
    renderUi(<Select label="Currency" options={currencies} placeholder={false} />);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('combobox')).toHaveValue('USD');
  });

  it('respects a default or controlled value', () => {
    renderUi(
      <>
        <Select label="A" options={currencies} defaultValue="VND" />
        <Select label="B" options={currencies} value="USD" onChange={() => undefined} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'A' })).toHaveValue('VND');
    expect(screen.getByRole('combobox', { name: 'B' })).toHaveValue('USD');
  });

  it('shows an error under it, tied by aria-describedby, and can be disabled', () => {
    const ref = createRef<HTMLSelectElement>();
    renderUi(
      <Select ref={ref} label="Currency" options={currencies} error="Choose a currency" disabled />,
    );
    const select = screen.getByRole('combobox', { name: 'Currency' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a currency');
    expect(select).toBeDisabled();
    expect(ref.current).toBe(select);
  });
});
