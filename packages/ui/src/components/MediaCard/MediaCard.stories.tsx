import type { Meta, StoryObj } from '@storybook/react-vite';
import { Download, FileText, MoreHorizontal, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { DropdownMenu } from '../DropdownMenu';
import { IconButton } from '../IconButton';
import { Box } from '../Layout/Box';
import { Inline } from '../Layout/Inline';
import { SkeletonGroup } from '../Skeleton';
import { Text } from '../Text';
import { Tiles } from '../Tiles';
import { MediaCard, mediaAspectRatios, mediaFits } from './MediaCard';

const onOpen = fn();
const onDownload = fn();
const onDelete = fn();

/** A local, deterministic picture (no network): a checkerboard of two colours. */
function picture(first: string, second: string, width = 4, height = 4) {
  const cells = Array.from({ length: width * height }, (_, n) => {
    const x = n % width;
    const y = Math.floor(n / width);
    return `<rect x="${x}" y="${y}" width="1" height="1" fill="${(x + y) % 2 ? second : first}"/>`;
  }).join('');
  return `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" shape-rendering="crispEdges">${cells}</svg>`,
  )}`;
}

const lighthouse = picture('rgb(224,122,95)', 'rgb(61,64,91)');
const meadow = picture('rgb(129,178,154)', 'rgb(242,204,143)', 6, 4);
const harbour = picture('rgb(230,57,70)', 'rgb(69,123,157)', 3, 4);

const imageDetails = [
  { label: 'Model', value: 'Sandbox' },
  { label: 'Seed', value: '1004' },
  { label: 'Size', value: '1024 × 1024 px' },
];

/** An audio player of the kind the voice and music tools will put in the media slot. */
function SamplePlayer({ title }: { title: string }) {
  const [playing, setPlaying] = useState(false);
  const bars = [6, 14, 22, 12, 26, 18, 9, 20, 28, 15, 7, 19, 24, 11, 16, 25, 8, 13, 21, 10];
  return (
    <Box display="flex" alignItems="center" gap="sm" padding="sm">
      <IconButton
        variant="secondary"
        size="sm"
        icon={playing ? <Pause size={16} /> : <Play size={16} />}
        label={playing ? `Pause ${title}` : `Play ${title}`}
        onClick={() => setPlaying((value) => !value)}
      />
      <svg viewBox="0 0 80 32" width="100%" height="32" aria-hidden="true" focusable="false">
        {bars.map((height, index) => (
          <rect
            key={index}
            x={index * 4}
            y={(32 - height) / 2}
            width="2"
            height={height}
            rx="1"
            fill="currentColor"
          />
        ))}
      </svg>
      <Text size="xs" tone="secondary">
        0:42
      </Text>
    </Box>
  );
}

/** A document's first page, drawn with the theme's colours. */
function DocumentThumbnail() {
  return (
    <Box display="flex" alignItems="center" justifyContent="center" style={{ height: '100%' }}>
      <FileText size={48} aria-hidden="true" />
    </Box>
  );
}

function CardMenu({ title }: { title: string }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          icon={<MoreHorizontal size={16} />}
          label={`Actions for ${title}`}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item icon={<Download size={16} />} onSelect={onDownload}>
          Download
        </DropdownMenu.Item>
        <DropdownMenu.Item icon={<Trash2 size={16} />} onSelect={onDelete}>
          Delete
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

const meta = {
  title: 'Display/MediaCard',
  component: MediaCard,
  args: {
    media: <img src={lighthouse} alt="" width={1024} height={1024} />,
    title: 'A lighthouse on a cliff at dusk, oil painting',
    details: imageDetails,
  },
  argTypes: {
    aspectRatio: { control: 'inline-radio', options: mediaAspectRatios },
    fit: { control: 'inline-radio', options: mediaFits },
  },
  decorators: [
    // One card at a grid cell's width; a grid story (`parameters.grid`) has the page's.
    (Story, { parameters }) => (
      <div style={{ maxWidth: parameters['grid'] ? undefined : '16rem', minHeight: 420 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A card for one thing the person made, whatever its kind: a picture, a voice clip or a piece of music (an [AudioPlayer](?path=/docs/display-audioplayer--docs) in the frame), a document’s first page, with its title, facts, actions and a menu. For text-only content, use a [Card](?path=/docs/display-card--docs).',
      do: [
        'Render cards `as="li"` inside [Tiles](?path=/docs/layout-tiles--docs) as `ul`, and keep the frame’s `aspectRatio` (`square` by default, `auto` for an audio player) so the grid doesn’t jump while the media loads.',
        'Give `openAction` a translated `label` that names the thing ("Open the picture: a lighthouse at dusk") when the frame opens a viewer: the frame becomes that button.',
        'Say what went wrong in the frame with `mediaStatus` ("Unavailable"), and show `loading` cards, inside a `SkeletonGroup`, while the list loads.',
        'Cut long prompts with `titleLines` (2 by default) and give the whole text in `titleTooltip`; list facts in `details`, with translated labels.',
        'Put further actions in `menu`: a [DropdownMenu](?path=/docs/navigation-dropdownmenu--docs) with an [IconButton](?path=/docs/actions-iconbutton--docs) trigger named for the card ("Actions for …").',
      ],
      dont: [
        'Don’t combine `openAction` with media that has its own controls (an audio player): the frame’s button would contain them.',
        'Don’t line up more than two or three `actions`: move the rest into `menu`, so the card stays readable on a 390 px phone.',
        'Don’t use `selected` as decoration: it marks the card being edited or picked, and sets `aria-current`.',
        'Don’t restyle the card or its frame with `className` or `style` (the props refuse them); pick an `aspectRatio` and a `fit` (`cover` crops, `contain` shows it all).',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof MediaCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A picture: the frame opens the viewer; its facts and actions under it. */
export const Picture: Story = {
  args: {
    openAction: { label: 'Open the picture: A lighthouse on a cliff at dusk', onOpen },
    actions: (
      <Button size="sm" variant="ghost" icon={<Download size={16} />}>
        Download
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = canvas.getByRole('button', {
      name: 'Open the picture: A lighthouse on a cliff at dusk',
    });
    // The frame is square before and after the picture arrives: nothing moves as it loads.
    const { width, height } = open.getBoundingClientRect();
    await expect(Math.round(height)).toBe(Math.round(width));
    await userEvent.click(open);
    await expect(onOpen).toHaveBeenCalledTimes(1);
    await expect(canvas.getByText('Seed').tagName).toBe('DT');
  },
};

/**
 * A voice clip or a piece of music: the player in the media slot at its own height (no button
 * around it, since it has its own controls).
 */
export const Audio: Story = {
  args: {
    aspectRatio: 'auto',
    media: <SamplePlayer title="Welcome message" />,
    title: 'Welcome message',
    details: [
      { label: 'Voice', value: 'Mai (Vietnamese)' },
      { label: 'Length', value: '0:42' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Play Welcome message' }));
    await expect(canvas.getByRole('button', { name: 'Pause Welcome message' })).toBeVisible();
  },
};

/** A document: its first page (here an icon) in a portrait frame. */
export const Document: Story = {
  args: {
    aspectRatio: 'portrait',
    media: <DocumentThumbnail />,
    title: 'Quarterly report.pdf',
    titleLines: 1,
    details: [
      { label: 'Pages', value: '4' },
      { label: 'Summary', value: 'Ready' },
    ],
    openAction: { label: 'Open Quarterly report.pdf', onOpen },
  },
};

/** The overflow menu beside the title, named for the card. */
export const WithMenu: Story = {
  args: { menu: <CardMenu title="A lighthouse on a cliff at dusk" /> },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', {
        name: 'Actions for A lighthouse on a cliff at dusk',
      }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download' }));
    await expect(onDownload).toHaveBeenCalledTimes(1);
  },
};

export const Selected: Story = {
  args: { as: 'article', selected: true, 'aria-label': 'A lighthouse on a cliff at dusk' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('article')).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

/** The media failed (or is still being made): a word in the frame, which keeps its shape. */
export const MediaUnavailable: Story = {
  args: {
    media: undefined,
    mediaStatus: 'Picture unavailable',
    openAction: {
      label: 'Picture unavailable Open the picture: A lighthouse on a cliff at dusk',
      onOpen,
    },
  },
};

/** A long prompt cut after three lines, whole in the tooltip. */
export const LongTitle: Story = {
  args: {
    title:
      'A lighthouse on a cliff at dusk, oil painting, warm light in the windows, waves breaking on the rocks below, gulls over the water, a fishing boat heading home under a violet sky',
    titleLines: 3,
    titleTooltip:
      'A lighthouse on a cliff at dusk, oil painting, warm light in the windows, waves breaking on the rocks below, gulls over the water, a fishing boat heading home under a violet sky',
  },
  play: async ({ canvasElement }) => {
    const title = within(canvasElement).getByText(/^A lighthouse on a cliff/);
    await expect(title.scrollHeight).toBeGreaterThan(title.clientHeight);
  },
};

/** Placeholders in the card's shape; a grid of them announces its loading once. */
export const Loading: Story = {
  parameters: { grid: true },
  render: () => (
    <SkeletonGroup label="Loading your pictures…">
      <Tiles columns={3}>
        {[0, 1, 2].map((n) => (
          <MediaCard key={n} loading />
        ))}
      </Tiles>
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Loading your pictures…',
    );
  },
};

/** Pictures, a clip and a document side by side in Tiles: their actions line up at the bottom. */
export const MixedGrid: Story = {
  parameters: { grid: true },
  render: () => (
    <Tiles as="ul" aria-label="Your results" columns={{ mobile: 1, tablet: 2, desktop: 4 }}>
      {[
        { src: meadow, title: 'A meadow at noon', ratio: 'landscape' as const },
        { src: harbour, title: 'A harbour at night, neon reflections', ratio: 'square' as const },
      ].map(({ src, title, ratio }) => (
        <MediaCard
          key={title}
          as="li"
          aspectRatio={ratio}
          media={<img src={src} alt="" />}
          title={title}
          openAction={{ label: `Open ${title}`, onOpen }}
          menu={<CardMenu title={title} />}
          actions={
            <Button size="sm" variant="ghost" icon={<Download size={16} />}>
              Download
            </Button>
          }
        />
      ))}
      <MediaCard
        as="li"
        aspectRatio="auto"
        media={<SamplePlayer title="Lo-fi loop" />}
        title="Lo-fi loop"
        details={[{ label: 'Length', value: '1:30' }]}
        menu={<CardMenu title="Lo-fi loop" />}
      />
      <MediaCard
        as="li"
        aspectRatio="portrait"
        media={<DocumentThumbnail />}
        title="Quarterly report.pdf"
        openAction={{ label: 'Open Quarterly report.pdf', onOpen }}
        selected
      />
    </Tiles>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Your results' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  },
};

export const VietnameseText: Story = {
  globals: { locale: 'vi' },
  args: {
    title: 'Ngọn hải đăng trên vách đá lúc hoàng hôn, tranh sơn dầu',
    details: [
      { label: 'Mô hình', value: 'Sandbox' },
      { label: 'Hạt giống', value: '1004' },
    ],
    actions: (
      <Inline gap="xs">
        <Button size="sm" variant="ghost">
          Dùng lại cài đặt
        </Button>
      </Inline>
    ),
  },
};
