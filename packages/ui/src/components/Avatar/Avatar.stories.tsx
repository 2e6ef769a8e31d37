import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Box } from '../Layout/Box';
import { Inline } from '../Layout/Inline';
import { Stack } from '../Layout/Stack';
import { Avatar, avatarSizes } from './Avatar';

// A local, deterministic portrait (no network): a simple figure on a gradient.
const portrait = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="rgb(255,183,120)"/><stop offset="1" stop-color="rgb(214,92,140)"/>
    </linearGradient></defs>
    <rect width="64" height="64" fill="url(#g)"/>
    <circle cx="32" cy="26" r="11" fill="rgb(255,236,220)"/>
    <path d="M12 64c2-13 10-20 20-20s18 7 20 20z" fill="rgb(255,236,220)"/>
  </svg>`,
)}`;

const meta = {
  title: 'Display/Avatar',
  component: Avatar,
  args: { name: 'Linh Tran', src: portrait },
  argTypes: { size: { control: 'inline-radio', options: avatarSizes } },
  parameters: {
    usage: {
      use: 'A person’s picture, or their initials when there is no picture or it fails to load: in a list row’s `leading` slot, a menu, a profile header. For pictures of things, use a [MediaCard](?path=/docs/display-mediacard--docs) or an image.',
      do: [
        'Always pass the person’s `name`: it gives the initials ("Nguyễn Văn An" → "NA") and the text alternative.',
        'Pass `alt=""` when the name is written next to it, so screen readers don’t read it twice.',
        'Pick the `size` for the place: `sm` in rows and menus, `md` (the default) in headers, `lg` on a profile.',
        'Pass `src` when there is a picture and let it fall back to the initials by itself; a new `src` gets a fresh try.',
      ],
      dont: [
        'Don’t set `alt` to "Avatar" or "Profile picture": it is the person’s name, or empty.',
        'Don’t use it as a button on its own: put it in a [Button](?path=/docs/actions-button--docs)’s `icon` or an [IconButton](?path=/docs/actions-iconbutton--docs) with a `label` ("Account"), with `alt=""` there.',
        'Don’t use it for a logo or a product: it is round and shows initials; use an image.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `size`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithImage: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Linh Tran' })).toBeVisible();
  },
};

export const Initials: Story = {
  args: { src: undefined },
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Linh Tran' });
    await expect(avatar).toHaveTextContent('LT');
  },
};

export const Sizes: Story = {
  render: () => (
    <Stack gap="md">
      <Inline gap="md">
        {avatarSizes.map((size) => (
          <Avatar key={size} size={size} name="Linh Tran" src={portrait} />
        ))}
      </Inline>
      <Inline gap="md">
        {avatarSizes.map((size) => (
          <Avatar key={size} size={size} name="Minh Pham" />
        ))}
      </Inline>
    </Stack>
  ),
};

/** The picture fails to load: the initials take its place. */
export const ImageLoadError: Story = {
  args: { name: 'Quang Le', src: 'data:image/png;base64,bm90LWFuLWltYWdl', size: 'lg' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('img', { name: 'Quang Le' })).toHaveTextContent('QL'),
    );
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** The name is already written next to it, so the avatar is decorative (alt=""). */
export const Decorative: Story = {
  render: (args) => (
    <Inline gap="sm">
      <Avatar {...args} alt="" />
      <Box as="span" color="primary">
        {args.name}
      </Box>
    </Inline>
  ),
  args: { src: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
    await expect(within(canvasElement).getByText('Linh Tran')).toBeVisible();
  },
};

export const SingleName: Story = { args: { name: 'Madonna', src: undefined } };

export const EmailAddress: Story = {
  args: { name: 'an.nguyen@example.com', src: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img')).toHaveTextContent('AN');
  },
};

/** No usable name: a generic person icon. */
export const NoName: Story = {
  args: { name: '', alt: 'Anonymous visitor', src: undefined },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'Anonymous visitor' }),
    ).toBeVisible();
  },
};

export const LongName: Story = {
  args: { name: 'Maximilian Alexander von Hohenberg-Castellane', src: undefined, size: 'lg' },
};

export const VietnameseName: Story = {
  args: { name: 'Nguyễn Thị Thu Hà', src: undefined, size: 'lg' },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'Nguyễn Thị Thu Hà' }),
    ).toHaveTextContent('NH');
  },
};
