import type { Meta, StoryObj } from '@storybook/react-vite';
import { Copy, Ellipsis, Send, Settings, Trash2, X } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconButton, iconButtonSizes, iconButtonVariants } from './IconButton';

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  args: { label: 'Copy message', icon: <Copy size={16} />, onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: iconButtonVariants },
    size: { control: 'inline-radio', options: iconButtonSizes },
    icon: { control: false },
  },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Copy message' });
    await expect(button).toHaveAttribute('title', 'Copy message');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    button.blur();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(3);
  },
};

export const Primary: Story = {
  args: { variant: 'primary', label: 'Send message', icon: <Send size={16} /> },
};

export const Secondary: Story = {
  args: { variant: 'secondary', label: 'Settings', icon: <Settings size={16} /> },
};

export const Danger: Story = {
  args: { variant: 'danger', label: 'Delete conversation', icon: <Trash2 size={16} /> },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {iconButtonSizes.map((size) => (
        <IconButton
          key={size}
          {...args}
          size={size}
          variant="secondary"
          label={`More actions (${size})`}
          icon={<Ellipsis size={size === 'lg' ? 20 : 16} />}
        />
      ))}
    </div>
  ),
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {iconButtonVariants.map((variant) => (
        <IconButton
          key={variant}
          {...args}
          variant={variant}
          label={`Close (${variant})`}
          icon={<X size={16} />}
        />
      ))}
    </div>
  ),
};

export const Loading: Story = {
  args: { variant: 'primary', label: 'Send message', icon: <Send size={16} />, loading: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Send message Loading…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
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

export const LongLabel: Story = {
  args: {
    label: 'Copy this message and its code blocks to the clipboard as Markdown',
  },
  play: async ({ canvasElement }) => {
    // A long name never widens the button: it stays square, the name is in aria-label and title.
    const button = within(canvasElement).getByRole('button');
    await expect(button.getBoundingClientRect().width).toBe(button.getBoundingClientRect().height);
  },
};

export const Vietnamese: Story = {
  args: { label: 'Sao chép tin nhắn', loading: true },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAccessibleName(
      'Sao chép tin nhắn Đang tải…',
    );
  },
};
