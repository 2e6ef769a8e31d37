import type { DictationStatus } from '@studio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MicrophoneError } from '../../lib/audio/capture/microphone';
import type { Recording, RecordedAudio } from '../../lib/audio/capture/recording';
import { applyAppHandlers, withAppProviders } from '../../testing/storybook';
import { DictationSession } from './DictationSession';

/**
 * Dictation, in place of the composer's microphone: every state, with the microphone, the
 * server's answer and the transcription stood in for (the end-to-end tests use the real ones).
 */

const status =
  (change: Partial<DictationStatus> = {}) =>
  async (): Promise<DictationStatus> => ({
    available: true,
    engine: 'Whisper (offline)',
    offline: true,
    sandbox: false,
    limits: { maxSeconds: 60, dailySeconds: 600, remainingSeconds: 540 },
    ...change,
  });

const never = new Promise<never>(() => {});
const wav = new Blob([new Uint8Array(44)], { type: 'audio/wav' });
const recorded = (change: Partial<RecordedAudio> = {}): RecordedAudio => ({
  wav,
  durationMs: 2400,
  heardSpeech: true,
  end: 'silence',
  ...change,
});

/** A microphone that listens until stopped, reporting a level. */
const listening = async (settings: { onLevel?: (level: number) => void }): Promise<Recording> => {
  let finish: (audio: RecordedAudio) => void = () => {};
  const done = new Promise<RecordedAudio>((resolve) => (finish = resolve));
  setTimeout(() => settings.onLevel?.(0.06), 50);
  return {
    done,
    stop: () => finish(recorded({ end: 'stopped' })),
    cancel: () => finish(recorded({ end: 'cancelled', heardSpeech: false })),
  };
};
/** A recording that is over at once. */
const over = (audio: RecordedAudio) => async (): Promise<Recording> => ({
  done: Promise.resolve(audio),
  stop: () => {},
  cancel: () => {},
});

const meta = {
  title: 'App/Dictation/DictationSession',
  component: DictationSession,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    held: false,
    // A key of its own each time, so a language changed in one run is not the next run's.
    conversationKey: `story-${Math.random().toString(36).slice(2)}`,
    onText: fn(),
    onClose: fn(),
    status: status(),
    record: listening,
    transcribe: async () => ({
      text: 'Book a table for two',
      language: 'en',
      durationMs: 2400,
      engine: 'Whisper (offline)',
    }),
  },
} satisfies Meta<typeof DictationSession>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Listening: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Listening 0:0\d \/ 1:00/)).toBeVisible();
    // The language heard changes with a press: English, Vietnamese, any.
    const language = canvas.getByRole('button', { name: /Language heard: English/ });
    await userEvent.click(language);
    await expect(canvas.getByRole('button', { name: /Language heard: Vietnamese/ })).toBeVisible();
    // Stop writes down what was said.
    await userEvent.click(canvas.getByRole('button', { name: 'Stop and write what I said' }));
    await waitFor(() => expect(args.onText).toHaveBeenCalledWith('Book a table for two'));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const SampleDictation: Story = {
  args: { status: status({ sandbox: true, offline: false, engine: 'Sandbox' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/it writes a sample sentence/)).toBeVisible();
  },
};

export const Transcribing: Story = {
  args: { record: over(recorded()), transcribe: () => never },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Writing down what you said…')).toBeVisible();
  },
};

export const NothingHeard: Story = {
  args: { record: over(recorded({ heardSpeech: false, end: 'no-speech' })) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We didn't hear anything.");
    // Nothing was sent.
    await expect(args.onText).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const MicrophoneBlocked: Story = {
  args: {
    record: async () => {
      throw new MicrophoneError('denied');
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The microphone is blocked for this site.',
    );
    // Trying again cannot help until the user allows it.
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

export const TranscriptionFailed: Story = {
  args: {
    record: over(recorded()),
    transcribe: async () => {
      throw new Error('offline');
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Unavailable: Story = {
  args: { status: status({ available: false, engine: null, offline: false }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText("Dictation isn't available on this server yet."),
    ).toBeVisible();
  },
};

export const InVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Đang nghe 0:0\d \/ 1:00/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Dừng và ghi lại lời tôi nói' })).toBeVisible();
  },
};
