import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Box } from '../Layout/Box';
import { Stack } from '../Layout/Stack';
import { maxLineCounts } from '../private/lineClamp.css';
import { Text, textAligns, textElements, textSizes, textTones, textWeights } from './Text';

const longPrompt =
  'A lighthouse on a cliff at dusk, oil painting, warm light in the windows, waves breaking on the rocks below, gulls over the water, a fishing boat heading home under a violet sky';

const meta = {
  title: 'Type/Text',
  component: Text,
  args: { children: 'Your Pro plan renews on 1 July 2026.' },
  argTypes: {
    as: { control: 'inline-radio', options: textElements },
    size: { control: 'inline-radio', options: textSizes },
    tone: { control: 'inline-radio', options: textTones },
    weight: { control: 'inline-radio', options: textWeights },
    align: { control: 'inline-radio', options: textAligns },
    maxLines: { control: 'inline-radio', options: [undefined, ...maxLineCounts] },
  },
  parameters: {
    usage: {
      use: 'Running text in a size, tone and weight of the type scale: paragraphs, captions, metadata, short status and error lines. For titles, use a [Heading](?path=/docs/type-heading--docs); for words that lead somewhere, a [Link](?path=/docs/actions-link--docs).',
      do: [
        'Render a paragraph with `as="p"` (the default `span` is inline) and a block of several lines with `as="div"`.',
        'Use `tone="secondary"` and `size="sm"` for supporting lines (dates, counts, captions), and keep the default `neutral` for what people must read.',
        'Announce an error that appears after an action with `role="alert"` and `tone="critical"`, and progress or a result with `role="status"`, as the app’s `<Text as="p" size="sm" tone="critical" role="alert">` does.',
        'Cut a long name or prompt with `maxLines` (1 to 5) and give the full text as `title`; long words and addresses already break instead of overflowing.',
        'Write each text in English and Vietnamese and let it wrap; `align` takes `start`, `center` and `end`, which follow the reading direction.',
      ],
      dont: [
        'Don’t make a bold or large Text stand in for a heading: screen-reader users move between headings, and a Text is not one. Use a Heading.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `size`, `tone` and `weight`, and place it with a Stack, an Inline or a Box.',
        'Don’t carry meaning in colour alone: a `critical` or `positive` tone needs words that say it (“Payment failed”, “Saved”).',
        'Don’t clamp text that must be read in full (an error, a price, terms) with `maxLines`: the `title` tooltip cannot be opened on a phone.',
        'Don’t use `tone="accent"` to make text look clickable: going somewhere is a Link, an action a [Button](?path=/docs/actions-button--docs).',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText('Your Pro plan renews on 1 July 2026.');
    await expect(text.tagName).toBe('SPAN');
    // md: 1rem on 1.5rem.
    await expect(getComputedStyle(text).fontSize).toBe('16px');
    await expect(getComputedStyle(text).lineHeight).toBe('24px');
  },
};

/** The running-text steps of the type scale (headings have the larger ones). */
export const Sizes: Story = {
  render: () => (
    <Stack gap="sm">
      {textSizes.map((size) => (
        <Text key={size} as="p" size={size}>
          {`size="${size}": Tạo hình ảnh từ một câu mô tả.`}
        </Text>
      ))}
    </Stack>
  ),
};

/** Each tone is a theme role: every one reads on the page in all six themes (axe checks it). */
export const Tones: Story = {
  render: () => (
    <Stack gap="sm">
      {textTones.map((tone) => (
        <Text key={tone} as="p" tone={tone}>
          {`tone="${tone}": Payment received, thank you.`}
        </Text>
      ))}
    </Stack>
  ),
};

/** Tones on the raised surface of a card, where most secondary text sits. */
export const TonesOnRaised: Story = {
  render: () => (
    <Box background="raised" padding="lg" borderRadius="lg">
      <Stack gap="sm">
        {textTones.map((tone) => (
          <Text key={tone} as="p" size="sm" tone={tone}>
            {`tone="${tone}" on a card`}
          </Text>
        ))}
      </Stack>
    </Box>
  ),
};

export const Weights: Story = {
  render: () => (
    <Stack gap="sm">
      {textWeights.map((weight) => (
        <Text key={weight} as="p" weight={weight}>
          {`weight="${weight}"`}
        </Text>
      ))}
    </Stack>
  ),
};

/** Long text cut after a number of lines, the whole of it in the tooltip. */
export const MaxLines: Story = {
  render: () => (
    <Box style={{ maxWidth: '20rem' }}>
      <Stack gap="md">
        <Text as="p" size="sm" maxLines={1} title={longPrompt} data-testid="one">
          {longPrompt}
        </Text>
        <Text as="p" size="sm" maxLines={3} title={longPrompt} data-testid="three">
          {longPrompt}
        </Text>
      </Stack>
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const one = canvas.getByTestId('one');
    await expect(getComputedStyle(one).textOverflow).toBe('ellipsis');
    await expect(one.scrollWidth).toBeGreaterThan(one.clientWidth);
    const three = canvas.getByTestId('three');
    await expect(getComputedStyle(three).webkitLineClamp).toBe('3');
    // sm's line height is 1.25rem: three lines.
    await expect(three.getBoundingClientRect().height).toBe(60);
    await expect(three).toHaveAttribute('title', longPrompt);
  },
};

/** A word longer than its box (a link, an address) breaks instead of overflowing. */
export const LongWord: Story = {
  render: () => (
    <Box background="raised" padding="md" borderRadius="md" style={{ maxWidth: '12rem' }}>
      <Text as="p" size="sm" data-testid="word">
        https://studio.example/share/4f1d8a0c2b7e4c0b9d3a
      </Text>
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const word = within(canvasElement).getByTestId('word');
    await expect(word.scrollWidth).toBeLessThanOrEqual(word.clientWidth);
  },
};

/** An error that appears under a list is announced at once. */
export const Alert: Story = {
  args: {
    as: 'p',
    role: 'alert',
    size: 'sm',
    tone: 'critical',
    children: "We couldn't load more pictures: Server error. Please try again later.",
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      "We couldn't load more pictures",
    );
  },
};

export const VietnameseText: Story = {
  args: { as: 'p', children: 'Gói Pro của bạn sẽ được gia hạn vào ngày 1 tháng 7 năm 2026.' },
  globals: { locale: 'vi' },
};
