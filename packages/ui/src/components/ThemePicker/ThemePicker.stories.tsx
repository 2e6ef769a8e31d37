import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ThemeName } from '@studio/tokens';
import type { ComponentUsage } from '../../docs/usage';
import { ThemePicker, themePickerLayouts, type ThemePickerProps } from './ThemePicker';

/** Holds the value like the preferences screen does, and reports changes to the action panel. */
function ControlledThemePicker({ value: initial, onChange, ...rest }: ThemePickerProps) {
  const [value, setValue] = useState<ThemeName>(initial);
  return (
    <ThemePicker
      {...rest}
      value={value}
      onChange={(name) => {
        setValue(name);
        onChange(name);
      }}
    />
  );
}

const meta = {
  title: 'Forms/ThemePicker',
  component: ThemePicker,
  args: { value: 'dark', onChange: fn(), layout: 'grid' },
  argTypes: { layout: { control: 'inline-radio', options: themePickerLayouts } },
  render: (args) => <ControlledThemePicker {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'The six themes as a group of swatches, each painted in its own theme’s colours, for a preferences menu or screen. Its label and the theme names come translated from the package. It lists only the themes; for other choices use a [Select](?path=/docs/forms-select--docs).',
      do: [
        'Pass the current theme as `value` and apply a new one as soon as `onChange` fires, as the menu drawer does: there is no save step.',
        'Keep the default `layout="grid"` in a panel or a drawer (swatches at least 6.5rem wide, as many columns as fit), and use `layout="row"` for a strip of 5rem swatches that wraps.',
        'Set `hideLabel` when a heading beside it already says “Theme”: the group keeps its name for screen readers.',
        'Leave the keyboard as it is: the group is one Tab stop and the arrow keys move and select.',
      ],
      dont: [
        'Don’t rebuild it as a Select or a row of buttons: the native radios give the arrow keys, form values and screen-reader support, and the swatches preview each theme.',
        'Don’t hide the label when nothing visible nearby says what the swatches are.',
        'Don’t restyle it with `className` or `style` (the props refuse them); choose a `layout` and place it with a Stack.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof ThemePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('radiogroup', { name: 'Theme' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'dark',
      'light',
      'cherry',
      'eggplant',
      'apricot',
      'forest',
    ]);
    await expect(canvas.getByRole('radio', { name: 'Dark' })).toBeChecked();
  },
};

export const KeyboardSelection: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Tab enters the group on the selected theme; arrows move and select.
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Dark' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('light');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Cherry' })).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith('cherry');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith('light');
    // Tab leaves the group: one tab stop for all six.
    await userEvent.tab();
    await expect(canvas.getByRole('radiogroup')).not.toContainElement(
      document.activeElement as HTMLElement,
    );
  },
};

export const PointerSelection: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Forest'));
    await expect(canvas.getByRole('radio', { name: 'Forest' })).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith('forest');
  },
};

export const Row: Story = { args: { layout: 'row', value: 'eggplant' } };

export const HiddenLabel: Story = {
  args: { hideLabel: true, value: 'apricot' },
  play: async ({ canvasElement }) => {
    // The label is gone from the screen but still names the group.
    await expect(
      within(canvasElement).getByRole('radiogroup', { name: 'Theme' }),
    ).toBeInTheDocument();
  },
};

export const InLightTheme: Story = {
  args: { value: 'light' },
  globals: { theme: 'light' },
};

export const InCherryTheme: Story = {
  args: { value: 'cherry', layout: 'row' },
  globals: { theme: 'cherry' },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: { value: 'forest' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Giao diện' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Rừng xanh' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Anh đào' })).not.toBeChecked();
  },
};

export const Narrow: Story = {
  globals: { locale: 'vi' },
  args: { value: 'eggplant' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 240 }}>
        <Story />
      </div>
    ),
  ],
};
