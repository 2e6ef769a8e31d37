import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
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
