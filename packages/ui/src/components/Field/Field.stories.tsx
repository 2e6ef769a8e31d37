import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Field, type FieldControlProps } from './Field';
import * as control from './control.css';

/** Any control can sit in a Field; here a bare input in the shared well. */
const input = (props: FieldControlProps) => (
  <div
    className={control.wrapper({ size: 'md' })}
    data-invalid={props['aria-invalid'] ? '' : undefined}
  >
    <input className={control.control} {...props} />
  </div>
);

const meta = {
  title: 'Forms/Field',
  component: Field,
  args: { label: 'Display name', children: input },
  argTypes: { children: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 380 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Clicking the label focuses the control it names.
    await userEvent.click(canvas.getByText('Display name'));
    await expect(canvas.getByRole('textbox', { name: 'Display name' })).toHaveFocus();
  },
};

export const WithHint: Story = {
  args: { hint: 'Shown next to conversations you share.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toHaveAccessibleDescription(
      'Shown next to conversations you share.',
    );
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    // The star is decorative: the control itself is required, the name stays the label.
    const textbox = within(canvasElement).getByRole('textbox', { name: 'Display name' });
    await expect(textbox).toBeRequired();
  },
};

export const Optional: Story = {
  args: { optional: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Display name (optional)' }),
    ).toBeInTheDocument();
  },
};

export const WithError: Story = {
  args: {
    hint: 'Shown next to conversations you share.',
    error: 'Username must be at least 3 characters',
    required: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textbox = canvas.getByRole('textbox');
    await expect(textbox).toHaveAttribute('aria-invalid', 'true');
    const message = canvas.getByText('Username must be at least 3 characters');
    const ids = textbox.getAttribute('aria-describedby')?.split(' ') ?? [];
    await expect(ids.some((id) => document.getElementById(id)?.contains(message))).toBe(true);
  },
};

export const HiddenLabel: Story = {
  args: { label: 'Search conversations', hideLabel: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Search conversations' }),
    ).toBeInTheDocument();
  },
};

export const LongText: Story = {
  args: {
    label:
      'The name other people see when you share a conversation, invite a teammate or leave feedback',
    hint: 'Use anything you like: your real name, a nickname or the name of your team. You can change it later in your profile settings.',
    error:
      'This name is already used by another account in your workspace; choose a different one or add a word to it',
    optional: true,
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Tên hiển thị',
    hint: 'Hiển thị bên cạnh các cuộc trò chuyện bạn chia sẻ.',
    optional: true,
  },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Tên hiển thị (không bắt buộc)' }),
    ).toBeInTheDocument();
  },
};
