import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleCheck, Clock, Sparkles, TriangleAlert } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { Box } from '../Layout/Box';
import { Inline } from '../Layout/Inline';
import { Stack } from '../Layout/Stack';
import { Badge, badgeSizes, badgeTones } from './Badge';

const meta = {
  title: 'Display/Badge',
  component: Badge,
  args: { children: 'Pro' },
  argTypes: {
    tone: { control: 'inline-radio', options: badgeTones },
    size: { control: 'inline-radio', options: badgeSizes },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Pro')).toBeVisible();
  },
};

export const Accent: Story = { args: { tone: 'accent', children: 'Most popular' } };
export const Success: Story = { args: { tone: 'success', children: 'Active' } };
export const Warning: Story = { args: { tone: 'warning', children: 'Expires soon' } };
export const Critical: Story = { args: { tone: 'critical', children: 'Payment failed' } };

/** Every tone in both sizes, on the page and on a raised card. */
export const AllTones: Story = {
  render: () => (
    <Stack gap="lg">
      {(['base', 'raised'] as const).map((surface) => (
        <Box key={surface} background={surface} padding="lg" borderRadius="lg">
          <Stack gap="sm">
            {badgeSizes.map((size) => (
              <Inline key={size} gap="sm">
                {badgeTones.map((tone) => (
                  <Badge key={tone} tone={tone} size={size}>
                    {tone}
                  </Badge>
                ))}
              </Inline>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  ),
};

export const Small: Story = { args: { size: 'sm', tone: 'accent', children: 'New' } };

export const WithIcon: Story = {
  render: () => (
    <Inline gap="sm">
      <Badge tone="accent" icon={<Sparkles size={14} />}>
        Most popular
      </Badge>
      <Badge tone="success" icon={<CircleCheck size={14} />}>
        Verified
      </Badge>
      <Badge tone="warning" icon={<Clock size={14} />}>
        Pending
      </Badge>
      <Badge tone="critical" icon={<TriangleAlert size={14} />}>
        Blocked
      </Badge>
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    // The icon is decorative: the badge reads as its text only.
    const badge = within(canvasElement).getByText('Verified').parentElement as HTMLElement;
    await expect(badge.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
  },
};

/** Long text stays on one line and is cut with an ellipsis inside a narrow container. */
export const LongText: Story = {
  render: (args) => (
    <Box style={{ width: '12rem' }}>
      <Badge {...args} />
    </Box>
  ),
  args: { tone: 'warning', children: 'Payment attempts almost used up for today' },
};

export const VietnameseText: Story = {
  render: () => (
    <Inline gap="sm">
      <Badge tone="accent">Phổ biến nhất</Badge>
      <Badge tone="success">Đang bật</Badge>
      <Badge tone="warning">Sắp hết hạn</Badge>
      <Badge tone="critical">Thanh toán thất bại</Badge>
      <Badge>Miễn phí</Badge>
    </Inline>
  ),
  globals: { locale: 'vi' },
};
