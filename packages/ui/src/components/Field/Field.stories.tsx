import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
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
  parameters: {
    usage: {
      use: 'The label, hint and error around a control that has no component of its own (a native `select` with `optgroup`s, a third-party input); it hands the control the props that tie them together. For text, e-mail, passwords, long text, lists and checkboxes use [TextField](?path=/docs/forms-textfield--docs), [EmailField](?path=/docs/forms-emailfield--docs), [PasswordField](?path=/docs/forms-passwordfield--docs), [TextArea](?path=/docs/forms-textarea--docs), [Select](?path=/docs/forms-select--docs) and [Checkbox](?path=/docs/forms-checkbox--docs), which already include it.',
      do: [
        'Spread all of the `controlProps` the children function receives onto the control: `id` ties it to the label, `aria-describedby` to the hint and the error, and `aria-invalid` and `required` carry its state.',
        'Put what people need before typing in `hint` (under the label, read as the description) and what went wrong in `error` (under the control, announced when it appears).',
        'Write errors that say how to fix the value (“Username must be at least 3 characters”), in both languages.',
        'Mark the field `required` (a decorative star; the control itself becomes required) or `optional` (adds the translated “(optional)” to the name).',
        'Hide the label with `hideLabel` only where the control’s place says what it is (a search box): the label still names it for screen readers.',
      ],
      dont: [
        'Don’t wrap a TextField, a Select or another form component in a Field: they render their own, and the control would get two labels.',
        'Don’t use one Field for a group of controls: its label names one control. Group checkboxes under a `fieldset` and `legend`, or a Stack with `role="group"` and `aria-labelledby`.',
        'Don’t use a placeholder as the label: it disappears as soon as someone types.',
        'Don’t style the label, the hint or the error: the Field draws them. Only the control inside is yours to style, with the theme’s `vars` and `colorVars`.',
      ],
    } satisfies ComponentUsage,
  },
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
