import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleCheck, Clock, Sparkles, TriangleAlert } from 'lucide-react';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
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
  parameters: {
    usage: {
      use: 'A short, static label for a status or a category, beside what it describes: "Pro", "Current", "Failed", "Coming soon". For something people press, use a [Button](?path=/docs/actions-button--docs); for a message that needs reading, text on the page or a [Toast](?path=/docs/feedback-toast--docs).',
      do: [
        'Choose the `tone` by meaning: `success` for done or available, `warning` for stopped or interrupted, `critical` for failed, `accent` for current or highlighted, `neutral` for a plain category.',
        'Keep it to a word or two, translated; longer text is cut with an ellipsis, so pass the whole text in `title` when it may not fit.',
        'Put it next to its subject: a `ListItem`’s `badge`, a [Card](?path=/docs/display-card--docs)’s `header`, the value of a [MediaCard](?path=/docs/display-mediacard--docs) detail. Use `size="sm"` in dense rows and headers.',
      ],
      dont: [
        'Don’t rely on the colour alone: the words carry the meaning, and an `icon` is decorative.',
        'Don’t make it a button, a link or a filter chip: it has no events; use a [Button](?path=/docs/actions-button--docs).',
        'Don’t write a sentence in it: put the explanation in text beside it.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `tone` and a `size`.',
      ],
    } satisfies ComponentUsage,
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
