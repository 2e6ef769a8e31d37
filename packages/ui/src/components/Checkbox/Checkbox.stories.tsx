import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Link } from '../Link/Link';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { children: 'Send me news about new models', onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'One yes/no choice: accept the terms, send me a copy, lock the seed. It is a native checkbox drawn in the theme. For one choice among several use a [Select](?path=/docs/forms-select--docs) (the themes have a [ThemePicker](?path=/docs/forms-themepicker--docs)); for something that happens at once, a [Button](?path=/docs/actions-button--docs).',
      do: [
        'Label it (`children`) with what ticking it does, as a statement in both languages (“Send me a copy of this message”); the label may hold a [Link](?path=/docs/actions-link--docs) to the terms, which opens without ticking the box.',
        'Put the consequence in `hint` (“One e-mail a month. Unsubscribe at any time.”): it is read as the checkbox’s description.',
        'For consent that must be given, set `required` and an `error` that says what to do; in a [Form](?path=/docs/forms-form--docs), use `FormCheckbox` (its value is a boolean) with `z.literal(true, …)` in the schema.',
        'Group related checkboxes under a visible title: a `fieldset` with a `legend`, or a Stack with `role="group"` and `aria-labelledby`.',
      ],
      dont: [
        'Don’t tick consent to news or terms in advance with `defaultChecked`: the person has to choose it.',
        'Don’t word the label as a negative (“Don’t send me news”): ticking a box to say no is easy to misread.',
        'Don’t disable it without a reason on screen: say in the `hint` why it cannot change.',
        'Don’t restyle it with `className` or `style` (the props refuse them); place it with a Stack.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: 'Send me news about new models' });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    // The label toggles it too.
    await userEvent.click(canvas.getByText('Send me news about new models'));
    await expect(checkbox).not.toBeChecked();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

export const KeyboardToggle: Story = {
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await userEvent.tab();
    await expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
  },
};

export const WithLink: Story = {
  args: {
    children: (
      <>
        I agree to the{' '}
        <Link href="#service-usage-policy" onClick={(event) => event.preventDefault()}>
          service usage policy
        </Link>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: 'I agree to the service usage policy' });
    // Following the link inside the label leaves the box alone.
    await userEvent.click(canvas.getByRole('link', { name: 'service usage policy' }));
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(canvas.getByText(/I agree to the/));
    await expect(checkbox).toBeChecked();
  },
};

export const WithHint: Story = {
  args: { hint: 'One e-mail a month. Unsubscribe at any time.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toHaveAccessibleDescription(
      'One e-mail a month. Unsubscribe at any time.',
    );
  },
};

export const WithError: Story = {
  args: {
    children: 'I agree to receive the newsletter',
    required: true,
    error: 'Please agree to receive the newsletter',
  },
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await expect(checkbox).toBeRequired();
    await expect(checkbox).toHaveAccessibleDescription('Please agree to receive the newsletter');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox, { pointerEventsCheck: 0 });
    await expect(checkbox).not.toBeChecked();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };

export const LongText: Story = {
  args: {
    children:
      'Keep me signed in on this device, remember my language and currency, and let the studio suggest models based on the conversations I have had in the last thirty days',
    hint: 'Turn this off on shared or public computers so the next person cannot open your conversations.',
    error: 'Choose whether to stay signed in before you continue to payment',
  },
};

export const Vietnamese: Story = {
  args: {
    children: (
      <>
        Tôi đồng ý với{' '}
        <Link href="#service-usage-policy" onClick={(event) => event.preventDefault()}>
          chính sách sử dụng dịch vụ
        </Link>
      </>
    ),
    hint: 'Bạn có thể hủy đăng ký bất cứ lúc nào.',
    defaultChecked: true,
  },
  globals: { locale: 'vi' },
};
