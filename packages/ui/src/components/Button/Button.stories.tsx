import type { Meta, StoryObj } from '@storybook/react-vite';
import { ArrowRight, Sparkles } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, buttonSizes, buttonVariants } from './Button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Upgrade to Pro', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
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
