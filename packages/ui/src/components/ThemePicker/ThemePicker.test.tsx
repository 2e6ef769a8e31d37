import { screen, within } from '@testing-library/react';
import { themeNames } from '@studio/tokens';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { ThemePicker } from './ThemePicker';

describe('ThemePicker', () => {
  it('is a radiogroup labelled "Theme" with one named radio per theme', () => {
    renderUi(<ThemePicker value="cherry" onChange={() => {}} />);
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([...themeNames]);
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual(
      Array(6).fill(radios[0]?.getAttribute('name')),
    );
    expect(screen.getByRole('radio', { name: 'Cherry' })).toBeChecked();
  });

  it('calls onChange with the theme name from the pointer and the arrow keys', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<ThemePicker value="dark" onChange={onChange} />);
    await user.click(screen.getByText('Apricot'));
    expect(onChange).toHaveBeenLastCalledWith('apricot');
    screen.getByRole('radio', { name: 'Dark' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('light');
  });

  it('translates the label and theme names', () => {
    renderUi(<ThemePicker value="eggplant" onChange={() => {}} hideLabel />, { lng: 'vi' });
    expect(screen.getByRole('radiogroup', { name: 'Giao diện' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cà tím' })).toBeChecked();
  });
});
