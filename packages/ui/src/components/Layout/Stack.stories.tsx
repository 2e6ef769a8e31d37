import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Box } from './Box';
import { Inline } from './Inline';
import { Stack, stackAligns } from './Stack';

const spaceKeys = Object.keys(vars.space) as (keyof typeof vars.space)[];

function Item({ children }: { children: string }) {
  return (
    <Box background="accentSoft" color="primary" padding="sm" borderRadius="md">
      {children}
    </Box>
  );
}

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: {
    children: [
      <Item key="1">Chat</Item>,
      <Item key="2">Image generator</Item>,
      <Item key="3">Voice synthesis</Item>,
    ],
  },
  argTypes: {
    gap: { control: 'select', options: spaceKeys },
    align: { control: 'inline-radio', options: stackAligns },
  },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const stack = within(canvasElement).getByText('Chat').parentElement as HTMLElement;
    await expect(getComputedStyle(stack).flexDirection).toBe('column');
    // md = 0.75rem = 12px
    await expect(getComputedStyle(stack).rowGap).toBe('12px');
  },
};

/** Every gap of the space scale side by side. */
export const Gaps: Story = {
  render: () => (
    <Inline gap="xl" align="start">
      {spaceKeys.map((gap) => (
        <Stack key={gap} gap={gap}>
          <Box color="muted">{gap}</Box>
          <Item>One</Item>
          <Item>Two</Item>
        </Stack>
      ))}
    </Inline>
  ),
};

/** Horizontal alignment of the children. */
export const Alignments: Story = {
  render: () => (
    <Stack gap="lg">
      {stackAligns.map((align) => (
        <Box key={align} background="raised" padding="md" borderRadius="md">
          <Stack gap="xs" align={align}>
            <Box color="muted">{`align="${align}"`}</Box>
            <Item>Short</Item>
            <Item>A somewhat longer item</Item>
          </Stack>
        </Box>
      ))}
    </Stack>
  ),
};

export const ResponsiveGap: Story = {
  args: { gap: { mobile: 'xs', tablet: 'md', desktop: 'xl' } },
};

export const Nested: Story = {
  render: () => (
    <Stack gap="xl">
      <Stack gap="xs">
        <Box as="h2" color="primary">
          Account
        </Box>
        <Box as="p" color="muted">
          Profile, membership and devices.
        </Box>
      </Stack>
      <Stack gap="xs">
        <Box as="h2" color="primary">
          Preferences
        </Box>
        <Box as="p" color="muted">
          Language, currency and theme.
        </Box>
      </Stack>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading', { level: 2 })).toHaveLength(2);
  },
};

export const VietnameseText: Story = {
  args: {
    children: [
      <Item key="1">Trò chuyện</Item>,
      <Item key="2">Tạo hình ảnh</Item>,
      <Item key="3">Tổng hợp giọng nói</Item>,
    ],
  },
  globals: { locale: 'vi' },
};
