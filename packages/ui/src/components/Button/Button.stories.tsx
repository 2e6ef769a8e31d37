import type { Meta, StoryObj } from '@storybook/react-vite';
import { ArrowRight, Sparkles } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button, buttonSizes, buttonVariants } from './Button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Upgrade to Pro', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
  parameters: {
    usage: {
      use: 'An action the user takes on this page: submit a form, open a modal, start a checkout. For going somewhere else, use a [Link](?path=/docs/actions-link--docs); for an action shown only as an icon, an [IconButton](?path=/docs/actions-iconbutton--docs).',
      do: [
        'Give each view **one** `primary` button, for the action most people came to take; the rest are `secondary` or `ghost`.',
        'Label it with a verb and what it acts on ("Upgrade to Pro", "Delete device"), in both languages.',
        'Set `loading` while the action runs: the button keeps its size and its focus, ignores more clicks and is announced as busy.',
        'Use `danger` for an action that destroys something, and ask first with a [ConfirmDialog](?path=/docs/overlays-confirmdialog--docs).',
      ],
      dont: [
        'Don’t use `disabled` to explain why an action can’t happen yet: a disabled button can’t be focused and says nothing. Keep it for the obvious case (the e-mail code step’s button until a code is typed); otherwise let the [Form](?path=/docs/forms-form--docs) say what is missing.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `variant` and a `size`.',
        'Don’t put a link’s job in a button (navigation belongs to `Link`, which the browser can open in a new tab).',
        'Don’t rely on an `icon` to say what the button does: icons are decorative and the label names the button.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Upgrade to Pro' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    // Keyboard: Tab reaches it, Enter and Space activate it.
    button.blur();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(3);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Compare plans' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Maybe later' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete device' } };

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {buttonSizes.map((size) => (
        <Button key={size} {...args} size={size}>
          {`Size ${size}`}
        </Button>
      ))}
    </div>
  ),
};

export const WithIcons: Story = {
  args: { icon: <Sparkles size={16} />, iconEnd: <ArrowRight size={16} />, children: 'Go Pro' },
  play: async ({ canvasElement }) => {
    // Icons are decorative: the accessible name is the label alone.
    await expect(within(canvasElement).getByRole('button')).toHaveAccessibleName('Go Pro');
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Paying…' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAccessibleName(/Loading…/);
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const LoadingVietnamese: Story = {
  args: { loading: true, children: 'Đang thanh toán' },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAccessibleName(/Đang tải…/);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const FullWidth: Story = { args: { fullWidth: true } };

export const LongText: Story = {
  args: {
    children: 'Continue to payment with PayPal and keep every conversation you have ever had',
  },
};

export const VietnameseText: Story = {
  args: { children: 'Nâng cấp lên Pro' },
  globals: { locale: 'vi' },
};
