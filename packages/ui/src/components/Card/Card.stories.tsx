import type { Meta, StoryObj } from '@storybook/react-vite';
import { MoreHorizontal } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Box } from '../Layout/Box';
import { Inline } from '../Layout/Inline';
import { Stack } from '../Layout/Stack';
import { Card, cardElements, cardHeadingLevels, cardPaddings } from './Card';

const onRenew = fn();

const meta = {
  title: 'Display/Card',
  component: Card,
  args: {
    title: 'Membership',
    children: (
      <Box as="p" color="muted">
        Your Pro plan renews on 1 July 2025 for $19.99.
      </Box>
    ),
  },
  argTypes: {
    as: { control: 'inline-radio', options: cardElements },
    padding: { control: 'inline-radio', options: cardPaddings },
    headingLevel: { control: 'inline-radio', options: cardHeadingLevels },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '28rem' }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A raised surface that groups related content under one title: a section of the account pages, a tool in a grid, a document. For something the person made (a picture, a sound), use a [MediaCard](?path=/docs/display-mediacard--docs); for a plan offer, a [PlanCard](?path=/docs/display-plancard--docs); for rows to act on, an [ActionList](?path=/docs/display-actionlist--docs).',
      do: [
        'Use `as="section"` with a `title` for a section of a page, so the section is named by its title, and `as="li"` for a card in a list ([Tiles](?path=/docs/layout-tiles--docs) as `ul`).',
        'Set `headingLevel` to fit the page’s outline (3 by default; the account pages’ sections are 2).',
        'Put a status [Badge](?path=/docs/display-badge--docs) or a menu in `header`, and the card’s actions or link in `footer`, where they wrap on a narrow phone.',
        'Set `interactive` only for a card that is one target, and put a real [Link](?path=/docs/actions-link--docs) or [Button](?path=/docs/actions-button--docs) inside for keyboard and screen reader users, as the tools grid does.',
      ],
      dont: [
        'Don’t put cards in cards: inside one card, group with [Stack](?path=/docs/layout-stack--docs) and headings.',
        'Don’t leave an `article` or `section` card without a name: give it a `title`, or an `aria-label` (the document cards use the file’s name).',
        'Don’t use a card for a single line of text or only as a frame: [Text](?path=/docs/type-text--docs) in a Stack reads better.',
        'Don’t restyle it with `className` or `style` (the props refuse them); choose a `padding` (`none`, `sm`, `md`, `lg`) and place it with Stack or Tiles.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 3, name: 'Membership' }),
    ).toBeVisible();
  },
};

export const BodyOnly: Story = { args: { title: undefined } };

export const WithHeaderAndDescription: Story = {
  args: {
    description: 'Billed monthly with PayPal',
    header: <Badge tone="success">Active</Badge>,
  },
};

export const WithFooter: Story = {
  args: {
    header: (
      <Button variant="ghost" size="sm" aria-label="More actions">
        <MoreHorizontal size={16} aria-hidden="true" />
      </Button>
    ),
    footer: (
      <>
        <Button variant="ghost" size="sm">
          Cancel plan
        </Button>
        <Button size="sm" onClick={onRenew}>
          Renew now
        </Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Renew now' }));
    await expect(onRenew).toHaveBeenCalledTimes(1);
  },
};

/** Each padding step. */
export const Paddings: Story = {
  render: (args) => (
    <Stack gap="md">
      {cardPaddings.map((padding) => (
        <Card key={padding} {...args} padding={padding} title={`padding="${padding}"`} />
      ))}
    </Stack>
  ),
};

/** A card with a title rendered as a section is a region named by its title. */
export const AsSection: Story = {
  args: { as: 'section', headingLevel: 2 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Membership' })).toBeVisible();
  },
};

/** Hover highlight for a card that is one target; the link inside does the work. */
export const Interactive: Story = {
  args: {
    interactive: true,
    title: undefined,
    children: (
      <Stack gap="xs">
        <Box as="h3" color="primary">
          <a href="#conversation-42" style={{ color: 'inherit' }}>
            Trip ideas for Đà Lạt
          </a>
        </Box>
        <Box as="p" color="muted">
          12 messages · GPT-4o mini
        </Box>
      </Stack>
    ),
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Trip ideas for Đà Lạt' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const CardList: Story = {
  render: () => (
    <Stack as="ul" gap="sm" aria-label="Devices">
      {['Work laptop', 'Phone', 'Security key'].map((name) => (
        <Card key={name} as="li" padding="sm">
          <Inline justify="between">
            <span>{name}</span>
            <Badge tone="success" size="sm">
              Active
            </Badge>
          </Inline>
        </Card>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Devices' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const LongText: Story = {
  args: {
    title: 'Your conversation history from every model you have ever chatted with',
    description: 'Exported conversations include text replies, audio replies and shared links',
    header: <Badge tone="accent">Pro</Badge>,
    children: (
      <Box as="p" color="muted">
        Conversations are stored on this device and on our servers so you can continue them
        anywhere. Shared links stay readable by anyone who has them until they expire or you turn
        them off. Deleting a conversation removes it everywhere, including its shared link.
      </Box>
    ),
  },
};

export const VietnameseText: Story = {
  args: {
    title: 'Gói thành viên',
    description: 'Thanh toán hằng tháng qua VNPay',
    header: <Badge tone="success">Đang hoạt động</Badge>,
    children: (
      <Box as="p" color="muted">
        Gói Pro của bạn sẽ được gia hạn vào ngày 1 tháng 7 năm 2025 với giá 578.000 ₫.
      </Box>
    ),
    footer: <Button size="sm">Gia hạn ngay</Button>,
  },
  globals: { locale: 'vi' },
};
