import type { Meta, StoryObj } from '@storybook/react-vite';
import { AtSign, Search } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { TextField, textFieldSizes } from './TextField';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Username', onChange: fn(), onBlur: fn() },
  argTypes: { size: { control: 'inline-radio', options: textFieldSizes } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 380 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A labelled single-line input with a hint and an error: a name, a username, a search, a code. For e-mail use an [EmailField](?path=/docs/forms-emailfield--docs), for passwords a [PasswordField](?path=/docs/forms-passwordfield--docs), for several lines a [TextArea](?path=/docs/forms-textarea--docs); inside a [Form](?path=/docs/forms-form--docs), the bound `FormTextField`.',
      do: [
        'Give every field a visible `label` in both languages; a search box with a `Search` icon may use `hideLabel`, which keeps the name for screen readers.',
        'Help the browser and the phone keyboard: `autoComplete` (`username`, `name`, `nickname`, `one-time-code`) and `inputMode` (`numeric` for a code or a seed).',
        'Show a problem with `error`, saying how to fix it: the input is marked invalid and the message, under it, is read as its description.',
        'Use `readOnly` for a value people may read and copy (an account ID) and `disabled` only when it cannot apply now, saying why in the `hint`.',
        'Match the `size` of the Button beside it (`sm` with `sm`): fields and buttons share their heights, so a row lines up.',
      ],
      dont: [
        'Don’t put the label or the instructions only in `placeholder`: it vanishes as soon as someone types.',
        'Don’t set `type="email"` or `type="password"` here: use an EmailField or a PasswordField, which bring the keyboard, the autofill and the show/hide button.',
        'Don’t put a button in `icon`: it is decorative and hidden from screen readers. Interactive content goes in `endAdornment`.',
        'Don’t restyle it with `className` or `style` (the props refuse them); choose a `size` and place it with a Stack or an Inline.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'e.g. ada' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await userEvent.type(input, 'ada');
    await expect(input).toHaveValue('ada');
    await expect(args.onChange).toHaveBeenCalledTimes(3);
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalledTimes(1);
  },
};

export const Filled: Story = { args: { defaultValue: 'ada.lovelace' } };

export const WithHint: Story = {
  args: { hint: 'At least 3 characters. Letters, numbers and dots.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toHaveAccessibleDescription(
      'At least 3 characters. Letters, numbers and dots.',
    );
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Username' })).toBeRequired();
  },
};

export const Optional: Story = { args: { label: 'Company', optional: true } };

export const WithError: Story = {
  args: {
    defaultValue: 'ad',
    hint: 'At least 3 characters.',
    error: 'Username must be at least 3 characters',
    required: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Username' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'At least 3 characters. Username must be at least 3 characters',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ada.lovelace' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox');
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x', { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const ReadOnly: Story = {
  args: { label: 'Account ID', readOnly: true, defaultValue: 'acc_7f3k29x1' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Account ID' });
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('acc_7f3k29x1');
  },
};

export const WithIcon: Story = {
  args: {
    label: 'Search',
    hideLabel: true,
    icon: <Search size={16} />,
    placeholder: 'Search conversations',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toHaveAccessibleName('Search');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {textFieldSizes.map((size) => (
        <TextField
          key={size}
          {...args}
          size={size}
          label={`Size ${size}`}
          icon={<AtSign size={16} />}
          placeholder="ada"
        />
      ))}
    </div>
  ),
};

export const LongText: Story = {
  args: {
    label:
      'The name other people see when you share a conversation or invite a teammate to your workspace',
    hint: 'Use anything you like: your real name, a nickname or the name of your team. You can change it later.',
    defaultValue:
      'Ada Augusta King, Countess of Lovelace, first programmer of the Analytical Engine',
    error: 'This name is already used by another account in your workspace; choose a different one',
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Tên người dùng',
    hint: 'Ít nhất 3 ký tự, gồm chữ, số và dấu chấm.',
    placeholder: 'ví dụ: nguyen.van.an',
    optional: true,
  },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Tên người dùng (không bắt buộc)' }),
    ).toBeInTheDocument();
  },
};

export const VietnameseError: Story = {
  args: {
    label: 'Tên người dùng',
    defaultValue: 'an',
    error: 'Tên người dùng phải có ít nhất 3 ký tự',
    required: true,
  },
  globals: { locale: 'vi' },
};
