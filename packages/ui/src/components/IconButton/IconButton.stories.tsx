import type { Meta, StoryObj } from '@storybook/react-vite';
import { Copy, Ellipsis, Send, Settings, Trash2, X } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
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
  parameters: {
    usage: {
      use: 'An action shown only as an icon, in a toolbar, a row or a header, where the icon is well known (close, copy, send, delete, more). It is a square [Button](?path=/docs/actions-button--docs) named by `label`; when the icon alone may not say what happens, use a Button with `icon` and a visible label.',
      do: [
        'Write `label` as the action and what it acts on (“Copy message”, “Delete conversation”), in both languages: it is the accessible name and the tooltip, and the icon is hidden from screen readers.',
        'Keep the default `ghost` in toolbars and rows; use `primary` for the main action of a small form (send in a composer) and `danger` for one that destroys something, asking first with a [ConfirmDialog](?path=/docs/overlays-confirmdialog--docs).',
        'Set `loading` while the action runs: the button stays square and keeps its focus, ignores clicks, and its name gains the translated “Loading…”.',
        'As the trigger of a [DropdownMenu](?path=/docs/navigation-dropdownmenu--docs), wrap it in `<DropdownMenu.Trigger asChild>`; for a panel of your own, pass `aria-expanded` and `aria-controls`, as the theme menu does.',
        'On a phone, prefer `md` (40 px) or `lg` (48 px) for the buttons people tap most, and keep `sm` (32 px) for dense rows.',
      ],
      dont: [
        'Don’t pass `aria-label`, `title` or `children`: the props refuse them, and `label` sets the name and the tooltip.',
        'Don’t use an icon whose meaning people must guess: the tooltip never shows on a touch screen. Use a Button with `icon` and a label.',
        'Don’t use it to go to another page: that is a [Link](?path=/docs/actions-link--docs), which the browser can open in a new tab.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `variant` and a `size`.',
      ],
    } satisfies ComponentUsage,
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
