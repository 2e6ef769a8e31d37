import type { Meta, StoryObj } from '@storybook/react-vite';
import { Mail } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { textFieldSizes } from '../TextField/TextField';
import { EmailField } from './EmailField';

const meta = {
  title: 'Forms/EmailField',
  component: EmailField,
  args: { label: 'Email', onChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: textFieldSizes } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 380 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmailField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'you@example.com' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    // Spec §5: the field is of e-mail type.
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('inputmode', 'email');
    await expect(input).toHaveAttribute('autocomplete', 'email');
    await expect(input).toHaveAttribute('spellcheck', 'false');
    await userEvent.type(input, 'ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
  },
};

export const Filled: Story = { args: { defaultValue: 'ada@example.com' } };

export const Required: Story = {
  args: { required: true, error: 'Email is required' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription('Email is required');
  },
};

export const Invalid: Story = {
  args: { defaultValue: 'ada@example', required: true, error: 'Email is invalid' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Email is invalid');
  },
};

export const Newsletter: Story = {
  args: {
    label: 'Email for the newsletter',
    hideLabel: true,
    icon: <Mail size={16} />,
    placeholder: 'Your e-mail address',
    hint: 'One e-mail a month about new models. Unsubscribe at any time.',
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'ada@example.com' } };

export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: 'ada@example.com', hint: 'Signed in with Microsoft.' },
};

export const LongText: Story = {
  args: {
    label: 'The e-mail address where we send receipts for your Pro plan payments',
    defaultValue:
      'ada.augusta.king.countess.of.lovelace.analytical.engine@very-long-company-domain.example.com',
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Email',
    placeholder: 'ban@example.com',
    hint: 'Chúng tôi sẽ gửi mã xác minh đến địa chỉ này.',
    error: 'Email không hợp lệ',
    defaultValue: 'an@',
  },
  globals: { locale: 'vi' },
};
