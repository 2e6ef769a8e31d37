import type { Meta, StoryObj } from '@storybook/react-vite';
import { Mail } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
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
  parameters: {
    usage: {
      use: 'A [TextField](?path=/docs/forms-textfield--docs) for e-mail addresses: the e-mail keyboard on phones, the browser’s saved address offered (`autoComplete="email"`), no spell-check and no capitals. Use it wherever someone types an address; inside a [Form](?path=/docs/forms-form--docs), the bound `FormEmailField`.',
      do: [
        'Label it “Email” in both languages and mark it `required` when the form cannot go on without it.',
        'Give the schema two messages, in this order: one for an empty field (“Email is required”) and one for an address that does not look right (“Email is invalid”).',
        'Show an address people cannot change here as `readOnly`, with a `hint` that says why (“Signed in with Microsoft.”).',
        'Keep it the full width of its column on a phone: a long address scrolls inside the field instead of widening the page.',
      ],
      dont: [
        'Don’t use a TextField with `type="email"`: EmailField sets the type, the keyboard and the autofill together, and refuses `type`.',
        'Don’t rely on the browser’s validation bubble: a [Form](?path=/docs/forms-form--docs) turns it off, and the schema’s translated message shows under the field.',
        'Don’t put an example address in `placeholder` instead of a label: it is gone once typing starts.',
        'Don’t restyle it with `className` or `style` (the props refuse them); choose a `size`.',
      ],
    } satisfies ComponentUsage,
  },
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
