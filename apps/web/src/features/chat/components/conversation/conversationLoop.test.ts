import type { SpokenSentencePart } from '@studio/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { AudioQueue, AudioQueueSnapshot } from '../../../../lib/audio/audioQueue';
import { createConversationLoop, type ConversationSnapshot } from './conversationLoop';

const rate = 16_000;
/** `ms` of sound at `level` in 20 ms frames. */
function* sound(ms: number, level: number) {
  for (let t = 0; t < ms; t += 20) {
    const frame = new Float32Array(rate / 50);
    for (let i = 0; i < frame.length; i += 1) frame[i] = level * Math.sin(i / 3);
    yield frame;
  }
}

/** A queue the test plays: `play` is heard at once, `finish` ends it. */
function fakeQueue() {
  let snapshot: AudioQueueSnapshot = { state: 'idle', current: null, received: 0 };
  const listeners = new Set<() => void>();
  const pushed: number[] = [];
  const set = (change: Partial<AudioQueueSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };
  const queue: AudioQueue & {
    pushed: number[];
    heard: (index: number) => void;
    finish: () => void;
  } = {
    pushed,
    push: (index) => void pushed.push(index),
    end: vi.fn(),
    play: async () => {},
    pause: () => {},
    stop: () => set({ state: 'stopped' }),
    snapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: vi.fn(() => listeners.clear()),
    heard: (index) => set({ state: 'playing', current: index }),
    finish: () => set({ state: 'ended' }),
  };
  return queue;
}

const sentence = (index: number, text: string): SpokenSentencePart => ({
  index,
  text,
  format: 'wav',
  mimeType: 'audio/wav',
  data: btoa('x'),
  voice: 'flite:rms',
});

function setup(answers: string[] = ['Hello there']) {
  let feed: (samples: Float32Array) => void = () => {};
  const queues: ReturnType<typeof fakeQueue>[] = [];
  const phases: string[] = [];
  let latest: ConversationSnapshot | null = null;
  const deps = {
    openMicrophone: vi.fn(async (onSamples: (samples: Float32Array) => void) => {
      feed = onSamples;
      return { stop: vi.fn() };
    }),
    transcribe: vi.fn(async (wav: Blob) => {
      expect(wav.type).toBe('audio/wav');
      return {
        text: answers.shift() ?? '',
        language: 'en' as const,
        durationMs: 1000,
        engine: 'test',
      };
    }),
    send: vi.fn(async () => {}),
    stopReply: vi.fn(),
    createQueue: () => {
      const queue = fakeQueue();
      queues.push(queue);
      return queue;
    },
    language: () => 'en' as const,
    onChange: (snapshot: ConversationSnapshot) => {
      latest = snapshot;
      if (phases.at(-1) !== snapshot.phase) phases.push(snapshot.phase);
    },
  };
  const loop = createConversationLoop(deps);
  const say = (ms: number, level: number) => {
    for (const frame of sound(ms, level)) feed(frame);
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { loop, deps, queues, phases, say, settle, latest: () => latest };
}

describe('the conversation loop', () => {
  it('closes a microphone that opens after the call ended, so nothing keeps recording', async () => {
    const { loop, deps, latest } = setup();
    const stop = vi.fn();
    let open: (microphone: { stop: typeof stop }) => void = () => {};
    deps.openMicrophone.mockImplementationOnce(() => new Promise((resolve) => (open = resolve)));
    const starting = loop.start();
    loop.end();
    open({ stop });
    await starting;
    expect(stop).toHaveBeenCalledOnce();
    expect(latest()).toMatchObject({ phase: 'ended' });
  });

  it('hears a turn, sends its words, speaks the reply sentence by sentence, then listens again', async () => {
    const { loop, deps, queues, phases, say, settle, latest } = setup();
    await loop.start();
    say(300, 0.003);
    say(600, 0.3);
    say(1000, 0.003);
    await settle();
    expect(deps.transcribe).toHaveBeenCalledOnce();
    expect(deps.send).toHaveBeenCalledWith('Hello there');
    expect(latest()).toMatchObject({ phase: 'thinking', heard: 'Hello there' });
    const queue = queues[0];
    if (!queue) throw new Error('no queue');
    loop.replyParts([sentence(0, 'Hi!'), sentence(1, 'How are you?')]);
    expect(queue.pushed).toEqual([0, 1]);
    queue.heard(0);
    expect(latest()).toMatchObject({ phase: 'speaking', saying: 'Hi!' });
    queue.heard(1);
    expect(latest()?.saying).toBe('How are you?');
    loop.replyEnded(2);
    expect(queue.end).toHaveBeenCalledWith(2);
    queue.finish();
    expect(latest()?.phase).toBe('listening');
    expect(phases).toEqual([
      'listening',
      'hearing',
      'transcribing',
      'thinking',
      'speaking',
      'listening',
    ]);
  });

  it('stops the reply and its voice when the user speaks over it, and takes their words next', async () => {
    const { loop, deps, queues, say, settle, latest } = setup(['First question', 'Actually, stop']);
    await loop.start();
    say(600, 0.3);
    say(1000, 0.003);
    await settle();
    const queue = queues[0];
    if (!queue) throw new Error('no queue');
    loop.replyParts([sentence(0, 'A long answer.')]);
    queue.heard(0);
    // The reply's own echo, quiet after cancellation, is not a barge-in…
    say(600, 0.02);
    expect(latest()?.phase).toBe('speaking');
    // …the user speaking clearly is.
    say(500, 0.4);
    expect(deps.stopReply).toHaveBeenCalledOnce();
    expect(queue.close).toHaveBeenCalled();
    expect(latest()?.phase).toBe('hearing');
    say(1000, 0.003);
    await settle();
    expect(deps.send).toHaveBeenLastCalledWith('Actually, stop');
  });

  it('hears nothing while muted, and says when nothing was understood', async () => {
    const { loop, deps, say, settle, latest } = setup(['']);
    await loop.start();
    loop.setMuted(true);
    say(600, 0.3);
    say(1000, 0.003);
    await settle();
    expect(latest()?.phase).toBe('muted');
    expect(deps.transcribe).not.toHaveBeenCalled();
    loop.setMuted(false);
    say(600, 0.3);
    say(1000, 0.003);
    await settle();
    expect(deps.send).not.toHaveBeenCalled();
    expect(latest()).toMatchObject({ phase: 'listening', problem: 'silent' });
  });

  it('ends: the microphone is let go and nothing more is heard', async () => {
    const { loop, deps, say, latest } = setup();
    await loop.start();
    const microphone = await deps.openMicrophone.mock.results[0]?.value;
    loop.end();
    expect(microphone?.stop).toHaveBeenCalled();
    say(600, 0.3);
    expect(latest()?.phase).toBe('ended');
  });
});
