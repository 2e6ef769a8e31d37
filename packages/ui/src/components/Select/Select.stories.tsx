import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Select, selectSizes, type SelectOption } from './Select';

const currencies: SelectOption[] = [
  { value: 'USD', label: 'US dollar ($)' },
  { value: 'EUR', label: 'Euro (€)' },
  { value: 'GBP', label: 'Pound sterling (£)' },
  { value: 'VND', label: 'Vietnamese đồng (₫)' },
  { value: 'CNY', label: 'Chinese yuan (¥)' },
  { value: 'SAR', label: 'Saudi riyal (﷼)' },
  { value: 'AED', label: 'UAE dirham (د.إ)' },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: 'Currency', options: currencies, onChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: selectSizes } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 380 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'One value from a known list (a currency, a model, a topic), in the platform’s own list, which on a phone is the system picker. For a list of actions or links use a [DropdownMenu](?path=/docs/navigation-dropdownmenu--docs); for a yes/no, a [Checkbox](?path=/docs/forms-checkbox--docs); for switching views, [Tabs](?path=/docs/navigation-tabs--docs); for the theme, the [ThemePicker](?path=/docs/forms-themepicker--docs).',
      do: [
        'Translate the `label` and every option’s `label`; the placeholder defaults to the translated “Choose an option” (“Chọn một mục”).',
        'Use `placeholder={false}` when there is always a value (the currency in the menu); with `required`, the placeholder cannot be chosen again.',
        'Say why an option is unavailable in its label and set `disabled` on it (“Card (coming soon)”), or name the plan that unlocks it, as the model pickers do.',
        'Hide the label with `hideLabel` only where the chosen value says what the list is (the model in the chat toolbar); it still names the select for screen readers.',
        'Use `size="sm"` in a toolbar, matching the buttons beside it: fields and buttons share their heights.',
      ],
      dont: [
        'Don’t use it to pick several values: `multiple` is refused. Use a group of Checkboxes.',
        'Don’t use it for commands or links (Share, Delete, Settings): use a DropdownMenu, whose items are buttons and links.',
        'Don’t use it when the options need groups: `options` is a flat list. Put a native `select` with `optgroup`s in a [Field](?path=/docs/forms-field--docs), as the voice settings do.',
        'Don’t restyle it with `className` or `style` (the props refuse them); choose a `size`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Currency' });
    // Starts on the translated placeholder.
    await expect(select).toHaveValue('');
    await expect(select).toHaveDisplayValue('Choose an option');
  },
};

export const ChooseOption: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Currency' });
    await userEvent.selectOptions(select, 'VND');
    await expect(select).toHaveValue('VND');
    await expect(select).toHaveDisplayValue('Vietnamese đồng (₫)');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const Filled: Story = { args: { defaultValue: 'USD' } };

export const Required: Story = {
  args: { required: true, placeholder: 'Pick a currency' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox')).toBeRequired();
    // A required select cannot go back to "nothing chosen".
    await expect(canvas.getByRole('option', { name: 'Pick a currency' })).toBeDisabled();
  },
};

export const WithDisabledOption: Story = {
  args: {
    label: 'Payment method',
    options: [
      { value: 'paypal', label: 'PayPal (USD)' },
      { value: 'vnpay', label: 'VNPay (VND)' },
      { value: 'card', label: 'Card (coming soon)', disabled: true },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('option', { name: 'Card (coming soon)' }),
    ).toBeDisabled();
  },
};

export const NoPlaceholder: Story = {
  args: { placeholder: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toHaveValue('USD');
  },
};

export const WithHint: Story = {
  args: { hint: 'Prices and receipts use this currency.', defaultValue: 'VND' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toHaveAccessibleDescription(
      'Prices and receipts use this currency.',
    );
  },
};

export const WithError: Story = {
  args: { required: true, error: 'Choose a currency to see prices' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox');
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Choose a currency to see prices');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'USD' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toBeDisabled();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {selectSizes.map((size) => (
        <Select key={size} {...args} size={size} label={`Size ${size}`} defaultValue="EUR" />
      ))}
    </div>
  ),
};

export const LongText: Story = {
  args: {
    label:
      'The currency in which you would like to see prices, pay for the Pro plan and receive receipts',
    hint: 'You can change this at any time from the preferences menu in the header.',
    options: [
      {
        value: 'long',
        label:
          'Vietnamese đồng, paid through VNPay with a domestic card or a QR code from your banking app',
      },
      ...currencies,
    ],
    defaultValue: 'long',
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Ngôn ngữ',
    hint: 'Giao diện sẽ hiển thị bằng ngôn ngữ bạn chọn.',
    options: [
      { value: 'en', label: 'Tiếng Anh' },
      { value: 'vi', label: 'Tiếng Việt' },
    ],
  },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Ngôn ngữ' });
    await expect(select).toHaveDisplayValue('Chọn một mục');
    await userEvent.selectOptions(select, 'vi');
    await expect(select).toHaveDisplayValue('Tiếng Việt');
  },
};
