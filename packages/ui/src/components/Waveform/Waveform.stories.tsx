import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Box } from '../Layout/Box';
import { Stack } from '../Layout/Stack';
import { Text } from '../Text';
import { Waveform, waveformSizes, type WaveformProps } from './Waveform';

/** A spoken sentence's shape: loud syllables, short pauses (deterministic, no audio needed). */
const speechPeaks = Array.from({ length: 96 }, (_, index) => {
  const syllable =
    Math.abs(Math.sin(index * 0.55)) * (0.55 + 0.45 * Math.abs(Math.sin(index * 0.13)));
  return index % 23 > 20 ? 0.02 : syllable;
});

const meta = {
  title: 'Display/Waveform',
  component: Waveform,
  args: { peaks: speechPeaks, position: 27, duration: 90, onSeek: fn() },
  argTypes: { size: { control: 'inline-radio', options: waveformSizes } },
  decorators: [
    (Story) => (
      <Box style={{ maxWidth: '32rem' }}>
        <Story />
      </Box>
    ),
  ],
  parameters: {
    usage: {
      use: 'A sound’s waveform as a seek bar. It is the seek bar of the [AudioPlayer](?path=/docs/display-audioplayer--docs); use it on its own only where the page already plays the sound itself. To play a sound, use an AudioPlayer.',
      do: [
        'Name it after the sound with `aria-label` ("Position in Greeting"); without one it is only "Position".',
        'Pass `peaks` from `decodeAudioPeaks` (or `computePeaks`), `loading` while they are measured, and `null` when the sound can’t be decoded: a plain progress bar then does the same job at the same height.',
        'Keep `position` and `duration` (seconds) up to date and handle `onSeek`: it is called for a click, a drag and the keys (arrows by `step`, 5 s by default; Page Up and Down by a tenth of the sound; Home and End). The slider reads "0:42 of 1:30".',
        'Name a piece’s sections with `markers`, with translated labels; the slider’s value names the section playback is in.',
        'Use `size="sm"` in a compact player on a card.',
      ],
      dont: [
        'Don’t leave out `onSeek` or a known `duration` for a sound that plays: without them the slider is shown but can’t be used.',
        'Don’t count on the markers’ labels being seen: they are for the eye only and are cut or left out on a narrow card, so keep them short.',
        'Don’t use it as a decoration or a level meter: it is a slider, and it takes the keyboard.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `size`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Waveform>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Position' });
    await expect(slider).toHaveAttribute('aria-valuetext', '0:27 of 1:30');
  },
};

/** A waveform that follows its own seeks: click it, or focus it and use the keys. */
function Seekable(props: WaveformProps) {
  const [position, setPosition] = useState(props.position);
  return (
    <Stack gap="xs">
      <Waveform
        {...props}
        position={position}
        onSeek={(seconds) => {
          setPosition(seconds);
          props.onSeek?.(seconds);
        }}
      />
      <Text size="sm" tone="secondary">
        {Math.round(position)} s
      </Text>
    </Stack>
  );
}

export const KeyboardSeeking: Story = {
  render: (args) => <Seekable {...args} />,
  args: { position: 0 },
  play: async ({ canvasElement, args }) => {
    const slider = within(canvasElement).getByRole('slider');
    await userEvent.tab();
    await expect(slider).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(slider).toHaveAttribute('aria-valuetext', '0:10 of 1:30');
    await userEvent.keyboard('{End}');
    await expect(slider).toHaveAttribute('aria-valuetext', '1:30 of 1:30');
    await userEvent.keyboard('{Home}{PageUp}');
    await expect(slider).toHaveAttribute('aria-valuetext', '0:09 of 1:30');
    await expect(args.onSeek).toHaveBeenLastCalledWith(9);
  },
};

export const ClickToSeek: Story = {
  render: (args) => <Seekable {...args} />,
  args: { position: 0 },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider');
    const box = slider.getBoundingClientRect();
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: slider,
      coords: { clientX: box.left + box.width * 0.75, clientY: box.top + box.height / 2 },
    });
    await expect(Number(slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(66);
    await expect(Number(slider.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(69);
  },
};

export const Loading: Story = {
  args: { peaks: null, loading: true, position: 0 },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider');
    await expect(slider).toHaveAttribute('aria-busy', 'true');
    await expect(slider).toHaveAttribute('aria-valuetext', 'Loading the sound…');
  },
};

/** The sound could not be decoded: a plain progress bar, at the same height. */
export const WithoutPeaks: Story = {
  args: { peaks: null, position: 60 },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider');
    await expect(slider.querySelector('rect')).toBeNull();
    await expect(slider.getBoundingClientRect().height).toBe(48);
  },
};

export const Small: Story = {
  args: { size: 'sm' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('slider').getBoundingClientRect().height).toBe(32);
  },
};

/** Nothing to seek yet (the sound is still to be fetched). */
export const Disabled: Story = {
  args: { disabled: true, position: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('slider')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: { position: 65, duration: 125 },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Vị trí' });
    await expect(slider).toHaveAttribute('aria-valuetext', '1:05 trên 2:05');
  },
};

const pieceSections = [
  { at: 0, label: 'Intro' },
  { at: 6, label: 'Verse' },
  { at: 24, label: 'Chorus' },
  { at: 36, label: 'Bridge' },
  { at: 44, label: 'Chorus' },
  { at: 54, label: 'Outro' },
];

/** The labels shown on the bars, with where each is drawn. */
const visibleLabels = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll<HTMLElement>('[role="slider"] span > span')]
    .filter((label) => getComputedStyle(label).display !== 'none')
    .map((label) => label.getBoundingClientRect());

/** A piece's sections on the bars: each label has the room up to the next section. */
export const WithSections: Story = {
  args: { duration: 60, position: 30, markers: pieceSections },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider');
    await expect(slider.getAttribute('aria-valuetext')).toContain('Chorus');
    const labels = visibleLabels(canvasElement);
    await expect(labels.length).toBe(pieceSections.length);
    for (const [index, label] of labels.entries()) {
      const next = labels[index + 1];
      if (next) await expect(label.right).toBeLessThanOrEqual(next.left);
    }
  },
};

/**
 * The same on a narrow card (a phone's library): labels are cut to their section's room, and a
 * section too short for a word's start shows none, rather than labels drawn over each other.
 */
export const NarrowSections: Story = {
  args: { duration: 60, position: 0, markers: pieceSections, size: 'sm' },
  decorators: [
    (Story) => (
      <Box style={{ width: '14rem' }}>
        <Story />
      </Box>
    ),
  ],
  play: async ({ canvasElement }) => {
    const labels = visibleLabels(canvasElement);
    await expect(labels.length).toBeLessThan(pieceSections.length);
    for (const [index, label] of labels.entries()) {
      const next = labels[index + 1];
      if (next) await expect(label.right).toBeLessThanOrEqual(next.left);
    }
  },
};
