import type { Meta, StoryObj } from '@storybook/react-vite';
import { themeNames, type ThemeName } from '@studio/tokens';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { IconButton } from '../IconButton';
import { Box } from '../Layout/Box';
import { MediaCard } from '../MediaCard';
import { computePeaks } from '../Waveform/peaks';
import { AudioPlayer } from './AudioPlayer';

const SAMPLE_RATE = 8000;

/** Samples of a voice-like sound: a tone swelling and falling like syllables, with pauses. */
function voiceLikeSamples(seconds: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let n = 0; n < samples.length; n += 1) {
    const t = n / SAMPLE_RATE;
    const syllables =
      Math.max(0, Math.sin(t * Math.PI * 3.2)) * (0.4 + 0.6 * Math.abs(Math.sin(t * 0.9)));
    samples[n] = syllables * 0.6 * Math.sin(2 * Math.PI * 220 * t);
  }
  return samples;
}

/** 16-bit mono PCM WAV: a real file the browser plays, made here (no network). */
function wav(samples: Float32Array): Blob {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const ascii = (at: number, text: string) =>
    [...text].forEach((char, index) => view.setUint8(at + index, char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, index) =>
    view.setInt16(44 + index * 2, Math.round(sample * 32767), true),
  );
  return new Blob([buffer], { type: 'audio/wav' });
}

const samples = voiceLikeSamples(6);
const sound = URL.createObjectURL(wav(samples));
const peaks = computePeaks([samples], 80);

const meta = {
  title: 'Display/AudioPlayer',
  component: AudioPlayer,
  args: { src: sound, title: 'Greeting', peaks, duration: 6, onPlayingChange: fn() },
  decorators: [
    (Story) => (
      <Box style={{ maxWidth: '36rem' }}>
        <Story />
      </Box>
    ),
  ],
  parameters: {
    usage: {
      use: 'A sound with its controls: play and pause, the [Waveform](?path=/docs/display-waveform--docs) as the seek bar, the clock and a download slot. Use it for voice clips and music, on its own or in a [MediaCard](?path=/docs/display-mediacard--docs)’s frame.',
      do: [
        'Give it a `title` that says what is playing (a clip’s name, the start of its text): it names the buttons and the slider ("Play Greeting", "Position in Greeting").',
        'Fetch the sound only when asked: pass `src={null}` with `onPlayRequest`, set `loading` while it downloads, and give the stored `duration` so the clock is right before the sound arrives.',
        'Pass `peaks` and `peaksLoading` for the waveform; without peaks a plain progress bar shows.',
        'Use `onPlayingChange` to stop another player when this one starts, `loopable` for music and `markers` for a piece’s sections.',
        'Use `size="sm"` inside a MediaCard with `aspectRatio="auto"`.',
      ],
      dont: [
        'Don’t set `autoPlay` for a page that has just loaded: only for a result the person has just asked for.',
        'Don’t put it in a MediaCard that has an `openAction`: the frame’s button would contain the player’s buttons.',
        'Don’t leave a spoken clip without its words: the player has no captions, so show the text (its transcript) beside it.',
        'Don’t add a message of your own when the sound can’t be played: the player says so in place of the waveform, as an alert.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `size`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof AudioPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ready to play: the waveform, the clock at its length once the file's metadata is read. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Play Greeting' })).toBeEnabled();
    await waitFor(() =>
      expect(canvas.getByRole('slider', { name: 'Position in Greeting' })).toHaveAttribute(
        'aria-valuetext',
        '0:00 of 0:06',
      ),
    );
  },
};

/** Plays, pauses, and seeks with the keyboard; the screenshot is taken paused at 0:05. */
export const PlayPauseSeek: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Play Greeting' }));
    await expect(await canvas.findByRole('button', { name: 'Pause Greeting' })).toBeVisible();
    await expect(args.onPlayingChange).toHaveBeenCalledWith(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Pause Greeting' }));
    await expect(await canvas.findByRole('button', { name: 'Play Greeting' })).toBeVisible();
    const slider = canvas.getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{Home}{ArrowRight}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuetext', '0:05 of 0:06'));
  },
};

/** The sound is fetched when play is pressed (a clip in a long list), then plays. */
function FetchedOnPlay({ title }: { title: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <AudioPlayer
      src={src}
      title={title}
      duration={6}
      loading={loading}
      peaks={src ? peaks : null}
      onPlayRequest={() => {
        setLoading(true);
        setTimeout(() => {
          setSrc(sound);
          setLoading(false);
        }, 300);
      }}
    />
  );
}

export const FetchedWhenPlayed: Story = {
  render: (args) => <FetchedOnPlay title={args.title} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('slider')).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('slider')).toHaveAttribute('aria-valuetext', '0:00 of 0:06');
    await userEvent.click(canvas.getByRole('button', { name: 'Play Greeting' }));
    await expect(await canvas.findByRole('button', { name: 'Pause Greeting' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pause Greeting' }));
    const slider = canvas.getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:06'));
  },
};

export const MeasuringPeaks: Story = {
  args: { peaks: null, peaksLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('slider')).toHaveAttribute('aria-busy', 'true');
  },
};

/** The file could not be decoded for a waveform: a plain progress bar still seeks. */
export const PlainProgressBar: Story = {
  args: { peaks: null },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider');
    await expect(slider.querySelector('rect')).toBeNull();
  },
};

export const CannotPlay: Story = {
  args: { src: 'data:audio/wav;base64,AAAA', title: 'Broken clip', peaks: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This sound cannot be played in this browser.',
    );
    await expect(canvas.getByRole('button', { name: 'Play Broken clip' })).toBeDisabled();
  },
};

const onDownload = fn();

export const WithDownload: Story = {
  args: {
    download: (
      <IconButton
        size="md"
        variant="ghost"
        icon={<Download size={16} />}
        label="Download Greeting"
        onClick={onDownload}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download Greeting' }));
    await expect(onDownload).toHaveBeenCalled();
  },
};

/** In a clip's card (the voice page's list): the small size in the media slot. */
export const InAMediaCard: Story = {
  render: (args) => (
    <MediaCard
      aspectRatio="auto"
      media={<AudioPlayer {...args} size="sm" />}
      title="Xin chào, đây là giọng đọc thử nghiệm."
      details={[
        { label: 'Voice', value: 'vi (eSpeak NG)' },
        { label: 'Length', value: '0:06' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider');
    await expect(slider.getBoundingClientRect().height).toBe(32);
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: { title: 'Lời chào' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Phát Lời chào' })).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('slider', { name: 'Vị trí trong Lời chào' })).toHaveAttribute(
        'aria-valuetext',
        '0:00 trên 0:06',
      ),
    );
  },
};

/** The player in each theme (the bars are the accent and the control border of each). */
function themeStory(theme: ThemeName): Story {
  return {
    globals: { theme },
    play: async () => {
      await expect(document.documentElement).toHaveAttribute('data-theme', theme);
    },
  };
}

export const ThemeDark = themeStory('dark');
export const ThemeLight = themeStory('light');
export const ThemeCherry = themeStory('cherry');
export const ThemeEggplant = themeStory('eggplant');
export const ThemeApricot = themeStory('apricot');
export const ThemeForest = themeStory('forest');

export const EveryThemeHasAStory: Story = {
  parameters: { visual: { disable: true } },
  play: async () => {
    const stories = [ThemeDark, ThemeLight, ThemeCherry, ThemeEggplant, ThemeApricot, ThemeForest];
    await expect(stories.map((story) => story.globals?.['theme'])).toEqual([...themeNames]);
  },
};
