import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { TextArea, textAreaSizes } from './TextArea';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: 'Message', onChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: textAreaSizes } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A labelled multi-line input: a support message, a prompt, instructions, a chat message. For one line, use a [TextField](?path=/docs/forms-textfield--docs); inside a [Form](?path=/docs/forms-form--docs), the bound `FormTextArea`.',
      do: [
        'Set `rows` to the length you expect (4 by default; 1 or 2 for short instructions), so people see how much to write.',
        'State limits up front: a `maxLength` with a `hint` that says it, and an `error` that says how to fix the text (“Write at least 20 characters so we can help”).',
        'For a box that grows with its text (a chat composer), set `growsWithText` and heighten it yourself: it loses the resize handle and scrolls past 16rem.',
        'Mark it `optional` when it may stay empty; the translated “(optional)” becomes part of its name.',
        'When the label is hidden (`hideLabel`, as in the composer), tie the keyboard hint to it with `aria-describedby`; it is read after the field’s own hint and error.',
      ],
      dont: [
        'Don’t use it for a one-line value (a name, a code): Enter adds a line instead of submitting. Use a TextField.',
        'Don’t put the instructions only in `placeholder`: they vanish when typing starts. Use `hint`.',
        'Don’t expect `growsWithText` to size the box: it only changes its limits, and the caller sets the height.',
        'Don’t restyle it with `className` or `style` (the props refuse them); choose a `size` and `rows`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'How can we help?' },
  play: async ({ canvasElement, args }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await userEvent.type(textarea, 'Hello,{Enter}my payment failed.');
    await expect(textarea).toHaveValue('Hello,\nmy payment failed.');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Filled: Story = {
  args: {
    defaultValue:
      'Hello,\n\nI paid for the Pro plan with PayPal this morning but my account still shows Free. Could you check my order?',
  },
};

export const WithHint: Story = {
  args: { hint: 'Include what you did and what you expected to happen.', rows: 6 },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox');
    await expect(textarea).toHaveAttribute('rows', '6');
    await expect(textarea).toHaveAccessibleDescription(
      'Include what you did and what you expected to happen.',
    );
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'Help',
    error: 'Write at least 20 characters so we can help',
    required: true,
  },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await expect(textarea).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea).toHaveAccessibleDescription(
      'Write at least 20 characters so we can help',
    );
  },
};

export const Optional: Story = { args: { label: 'Anything else?', optional: true, rows: 3 } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Sent on 12 March. We will reply by e-mail.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: {
    label: 'Your message',
    readOnly: true,
    defaultValue: 'Sent on 12 March. We will reply by e-mail.',
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {textAreaSizes.map((size) => (
        <TextArea
          key={size}
          {...args}
          size={size}
          rows={2}
          label={`Size ${size}`}
          defaultValue="Two lines\nof text"
        />
      ))}
    </div>
  ),
};

export const LongText: Story = {
  args: {
    label:
      'Tell us everything that happened, in as much detail as you can remember, including the time',
    hint: 'Screenshots help too: you can attach them in the reply we send to your e-mail address after this message.',
    defaultValue:
      'Supercalifragilisticexpialidocious-unbroken-words-should-wrap-instead-of-overflowing-the-field. '.repeat(
        4,
      ),
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Nội dung',
    hint: 'Mô tả điều bạn đã làm và kết quả bạn mong đợi.',
    defaultValue:
      'Xin chào,\nTôi đã thanh toán gói Pro qua VNPay nhưng tài khoản vẫn hiển thị gói Miễn phí.',
  },
  globals: { locale: 'vi' },
};
