import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { createAudioQueue } from '../../../../lib/audio/audioQueue';
import { MicrophoneError } from '../../../../lib/audio/capture/microphone';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { ConversationMode, type ConversationChat } from './ConversationMode';

/**
 * Conversation mode's call, with the microphone and the transcription stood in for: a
 * microphone that says one sentence (a loud stretch, then quiet) shows a turn being heard,
 * written down and sent. The end-to-end test holds a real turn and a barge-in.
 */

const chat: ConversationChat = {
  send: fn(async () => ({ status: 'sent' as const })),
  stop: fn(),
  streamingId: null,
  audio: {},
};

/** A microphone that speaks for `speakMs`, then is quiet (16 kHz, in 20 ms frames). */
const speakingMicrophone = (speakMs: number) => async (onSamples: (s: Float32Array) => void) => {
  let elapsed = 0;
  const timer = setInterval(() => {
    const frame = new Float32Array(320);
    if (elapsed < speakMs)
      for (let i = 0; i < frame.length; i += 1) frame[i] = 0.3 * Math.sin(i / 3);
    onSamples(frame);
    elapsed += 20;
  }, 20);
  return { stop: () => clearInterval(timer) };
};

/** The call, once it has faded in. */
async function openCall(name = 'Voice conversation') {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

const meta = {
  title: 'App/Chat/ConversationMode',
  component: ConversationMode,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    open: true,
    onEnd: fn(),
    chat,
    conversationKey: 'story-call',
    deps: {
      openMicrophone: async () => ({ stop: () => {} }),
      transcribe: async () => ({
        text: 'What is the weather like in Hanoi?',
        language: 'en',
        durationMs: 1800,
        engine: 'Sandbox',
      }),
      createQueue: () => createAudioQueue(),
    },
  },
} satisfies Meta<typeof ConversationMode>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Listening: Story = {
  play: async () => {
    const call = await openCall('Voice conversation');
    await expect(await call.findByText('Listening')).toBeVisible();
    await expect(call.getByRole('button', { name: 'End conversation' })).toBeVisible();
  },
};

export const Muted: Story = {
  play: async () => {
    const call = await openCall();
    await call.findByText('Listening');
    await userEvent.click(call.getByRole('button', { name: 'Mute' }));
    await expect(await call.findByText('Microphone muted')).toBeVisible();
    await expect(call.getByRole('button', { name: 'Unmute' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

export const ATurnIsHeardAndSent: Story = {
  args: {
    deps: { ...meta.args.deps, openMicrophone: speakingMicrophone(800) },
  },
  play: async ({ args }) => {
    const call = await openCall();
    // Heard, written down, sent as the user's message; the reply is on its way.
    await expect(
      await call.findByText(/What is the weather like in Hanoi\?/, {}, { timeout: 8000 }),
    ).toBeVisible();
    await expect(await call.findByText('Thinking…')).toBeVisible();
    await expect(args.chat.send).toHaveBeenCalledWith('What is the weather like in Hanoi?', []);
  },
};

export const MicrophoneBlocked: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: async () => {
        throw new MicrophoneError('denied');
      },
    },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByText(/The microphone is blocked for this site/)).toBeVisible();
    await expect(call.getByRole('button', { name: 'Mute' })).toBeDisabled();
  },
};

export const InVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async () => {
    const call = await openCall('Trò chuyện bằng giọng nói');
    await expect(await call.findByText('Đang nghe')).toBeVisible();
    await expect(call.getByRole('button', { name: 'Kết thúc trò chuyện' })).toBeVisible();
  },
};
