import type { SpokenSentencePart } from '@studio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  createAudioQueue,
  type AudioQueue,
  type AudioQueueSnapshot,
} from '../../../../lib/audio/audioQueue';
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

/** The microphone is asked for and has not answered yet. */
export const StartingTheMicrophone: Story = {
  args: {
    deps: { ...meta.args.deps, openMicrophone: () => new Promise(() => {}) },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByText('Starting the microphone…')).toBeVisible();
    await expect(call.getByRole('button', { name: 'End conversation' })).toBeEnabled();
  },
};

/** The user is still speaking: the call hears them (a microphone that never goes quiet). */
export const HearingYou: Story = {
  args: {
    deps: { ...meta.args.deps, openMicrophone: speakingMicrophone(Number.POSITIVE_INFINITY) },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByText('Hearing you…')).toBeVisible();
  },
};

/** The turn is over and its words are being written down (the transcription never answers). */
export const WritingDownWhatYouSaid: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: speakingMicrophone(800),
      transcribe: () => new Promise(() => {}),
    },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByText('Writing down what you said…')).toBeVisible();
  },
};

/** The reply's spoken sentences, as the chat receives them for the reply being written. */
const spokenReply: SpokenSentencePart[] = [
  "It's sunny in Hanoi this afternoon, about 31 degrees.",
  'Take water if you go out.',
].map((text, index) => ({
  index,
  text,
  format: 'wav',
  mimeType: 'audio/wav',
  data: 'UklGRiQAAABXQVZF',
  voice: 'flite:rms',
}));

/** The reply's voice stood in for, without sound: it plays its first sentence and stays on it. */
function playingQueue(): AudioQueue {
  let snapshot: AudioQueueSnapshot = { state: 'idle', current: null, received: 0 };
  const listeners = new Set<() => void>();
  const set = (change: Partial<AudioQueueSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };
  return {
    push: (index) => set({ state: 'playing', current: snapshot.current ?? index }),
    end: () => {},
    play: async () => {
      if (snapshot.state === 'idle') set({ state: 'waiting' });
    },
    pause: () => set({ state: 'paused' }),
    stop: () => set({ state: 'stopped' }),
    snapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close: () => listeners.clear(),
  };
}

/** The assistant answers aloud: its sentence is captioned, and talking over it interrupts. */
export const Speaking: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: speakingMicrophone(800),
      createQueue: playingQueue,
    },
  },
  // The chat behind the call: once the words are sent, their reply is written and spoken.
  render: function Render(args) {
    const [replying, setReplying] = useState(false);
    const replyingChat: ConversationChat = {
      ...args.chat,
      streamingId: replying ? 'reply-1' : null,
      audio: replying ? { 'reply-1': spokenReply } : {},
      send: async (text, images) => {
        const outcome = await args.chat.send(text, images);
        setReplying(true);
        return outcome;
      },
    };
    return <ConversationMode {...args} chat={replyingChat} />;
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByText('Speaking — talk to interrupt')).toBeVisible();
    await expect(call.getByText(/What is the weather like in Hanoi\?/)).toBeVisible();
    await expect(call.getByText(/It's sunny in Hanoi this afternoon/)).toHaveTextContent(
      "Assistant: It's sunny in Hanoi this afternoon, about 31 degrees.",
    );
  },
};

/** A turn was heard but nothing was said in it: the call asks again and listens. */
export const DidNotCatchThat: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: speakingMicrophone(800),
      transcribe: async () => ({ text: '', language: 'en', durationMs: 800, engine: 'Sandbox' }),
    },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByRole('alert')).toHaveTextContent(
      "We didn't catch that. Say it again?",
    );
    await expect(call.getByText('Listening')).toBeVisible();
  },
};

/** The transcription failed: the call says so and listens again. */
export const TranscriptionFailed: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: speakingMicrophone(800),
      transcribe: async () => {
        throw new Error('Server error. Please try again later.');
      },
    },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByRole('alert')).toHaveTextContent(
      "We couldn't write down what you said. Say it again?",
    );
    await expect(call.getByText('Listening')).toBeVisible();
  },
};

/** The words were written down but the chat could not send them: the call asks again. */
export const MessageNotSent: Story = {
  args: {
    chat: { ...chat, send: fn(async () => ({ status: 'failed' as const, draft: '' })) },
    deps: { ...meta.args.deps, openMicrophone: speakingMicrophone(800) },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByRole('alert')).toHaveTextContent(
      "The message couldn't be sent. Say it again?",
    );
    await expect(call.getByText(/What is the weather like in Hanoi\?/)).toBeVisible();
    await expect(call.getByText('Listening')).toBeVisible();
  },
};

/** No microphone is connected. */
export const NoMicrophone: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: async () => {
        throw new MicrophoneError('missing');
      },
    },
  },
  play: async () => {
    const call = await openCall();
    await expect(
      await call.findByText('No microphone was found. Connect one to talk.'),
    ).toBeVisible();
    await expect(call.getByRole('button', { name: 'Mute' })).toBeDisabled();
  },
};

/** The browser cannot record audio at all. */
export const BrowserCannotRecord: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: async () => {
        throw new MicrophoneError('unsupported');
      },
    },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByText(/This browser can't record audio/)).toBeVisible();
    await expect(call.getByRole('button', { name: 'Mute' })).toBeDisabled();
  },
};

/** The microphone failed to start for another reason. */
export const MicrophoneFailed: Story = {
  args: {
    deps: {
      ...meta.args.deps,
      openMicrophone: async () => {
        throw new Error('The audio device is busy.');
      },
    },
  },
  play: async () => {
    const call = await openCall();
    await expect(await call.findByText('The microphone could not be started.')).toBeVisible();
    await expect(call.getByRole('button', { name: 'Mute' })).toBeDisabled();
  },
};
