import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { textFieldSizes } from '../TextField/TextField';
import { PasswordField, passwordAutoCompletes } from './PasswordField';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'Password', onVisibleChange: fn(), onChange: fn() },
  argTypes: {
    size: { control: 'inline-radio', options: textFieldSizes },
    autoComplete: { control: 'inline-radio', options: passwordAutoCompletes },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 380 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A password input with a show/hide button inside the field: `autoComplete="current-password"` (the default) to sign in, `"new-password"` to register or change it. Inside a [Form](?path=/docs/forms-form--docs), use the bound `FormPasswordField`.',
      do: [
        'Set `autoComplete` for the job: password managers fill a `current-password` and offer a strong one for a `new-password` (the confirmation field is `new-password` too).',
        'State the rules of a new password before typing, in `hint` (“At least 6 characters.”), and say the same in the `error`.',
        'Rely on the toggle: its name (“Show password”, “Hide password”) is translated, a click leaves the caret in the input, and from the keyboard focus stays on the button.',
        'Use `disabled` to turn off the field and its toggle together, and `onVisibleChange` when something else should follow the visibility.',
      ],
      dont: [
        'Don’t build one from a TextField with `type="password"`: PasswordField refuses `type` and `endAdornment` and brings the toggle and the autofill hints.',
        'Don’t add a show/hide button of your own beside it: the toggle is already in the field.',
        'Don’t show the password from the start (`defaultVisible`) on a form people fill in public places; leave showing it to them.',
        'Don’t restyle it with `className` or `style` (the props refuse them); choose a `size`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  },
};

export const Filled: Story = { args: { defaultValue: 'correct horse' } };

/** Click the eye: the password shows, focus and the caret stay in the input, typing goes on. */
export const ToggleVisibility: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText<HTMLInputElement>('Password');
    await userEvent.type(input, 'secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveFocus();
    await expect(args.onVisibleChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('1');
    await expect(input).toHaveValue('secret1');
    const hide = canvas.getByRole('button', { name: 'Hide password' });
    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveFocus();
    await expect(args.onVisibleChange).toHaveBeenLastCalledWith(false);
    // End shown, for the snapshot.
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
  },
};

export const Shown: Story = {
  args: { defaultVisible: true, defaultValue: 'correct horse battery staple' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  },
};

export const KeyboardToggle: Story = {
  args: { defaultValue: 'secret1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByLabelText('Password')).toHaveFocus();
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
    // From the keyboard, focus stays on the button (now named for hiding).
    await expect(toggle).toHaveFocus();
    await expect(toggle).toHaveAccessibleName('Hide password');
  },
};

export const NewPassword: Story = {
  args: {
    label: 'New password',
    autoComplete: 'new-password',
    hint: 'At least 6 characters.',
    required: true,
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('New password');
    await expect(input).toHaveAttribute('autocomplete', 'new-password');
    await expect(input).toHaveAccessibleDescription('At least 6 characters.');
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'abc',
    required: true,
    error: 'Password must be at least 6 characters',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Password must be at least 6 characters');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'secret1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {textFieldSizes.map((size) => (
        <PasswordField
          key={size}
          {...args}
          size={size}
          label={`Size ${size}`}
          defaultValue="secret1"
        />
      ))}
    </div>
  ),
};

export const LongText: Story = {
  args: {
    label: 'Confirm the password you use for this account before we change your billing details',
    hint: 'For your security we ask again before changing how you pay for the Pro plan each month.',
    defaultVisible: true,
    defaultValue:
      'a-very-long-passphrase-that-keeps-going-well-past-the-visible-width-of-the-field',
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Mật khẩu',
    hint: 'Ít nhất 6 ký tự.',
    error: 'Mật khẩu phải có ít nhất 6 ký tự',
    defaultValue: 'abc',
  },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Hiện mật khẩu' }));
    await expect(canvas.getByRole('button', { name: 'Ẩn mật khẩu' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Mật khẩu')).toHaveAttribute('type', 'text');
  },
};
