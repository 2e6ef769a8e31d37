import { describe, expect, it, vi } from 'vitest';
import { type AudioOutput, createAudioQueue } from './audioQueue';

interface FakeSource {
  buffer: { duration: number; tag: number } | null;
  startedAt: number | null;
  stopped: boolean;
  onended: (() => void) | null;
}

/** Web Audio as far as the queue uses it: time moves when the test says, pieces end when told. */
function fakeOutput(options: { refuse?: boolean } = {}) {
  const sources: FakeSource[] = [];
  const output = {
    currentTime: 0,
    state: 'suspended',
    destination: {} as AudioNode,
    decodeAudioData: vi.fn(async (data: ArrayBuffer) => {
      const bytes = new Uint8Array(data);
      if (bytes[0] === 0xff) throw new Error('not audio');
      return { duration: bytes.length, tag: bytes[0] } as unknown as AudioBuffer;
    }),
    createBufferSource() {
      const source: FakeSource & {
        connect: () => void;
        start: (t: number) => void;
        stop: () => void;
      } = {
        buffer: null,
        startedAt: null,
        stopped: false,
        onended: null,
        connect: () => {},
        start(t: number) {
          source.startedAt = t;
        },
        stop() {
          source.stopped = true;
        },
      };
      sources.push(source);
      return source as unknown as AudioBufferSourceNode;
    },
    async resume() {
      if (!options.refuse) output.state = 'running';
    },
    async suspend() {
      output.state = 'suspended';
    },
    async close() {
      output.state = 'closed';
    },
  };
  return { output: output as unknown as AudioOutput & { currentTime: number }, sources };
}

/** A piece `seconds` long whose first byte tags it. */
const piece = (tag: number, seconds: number) => new Uint8Array(seconds).fill(tag).buffer;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAudioQueue', () => {
  it('plays pieces in their order back to back, whatever order they arrive in', async () => {
    const { output, sources } = fakeOutput();
    const queue = createAudioQueue(() => output);
    await queue.play();
    queue.push(1, piece(2, 3));
    await settle();
    // The second waits for the first.
    expect(sources).toHaveLength(0);
    expect(queue.snapshot().state).toBe('waiting');
    queue.push(0, piece(1, 2));
    await settle();
    expect(sources.map((source) => [source.buffer?.tag, source.startedAt])).toEqual([
      [1, 0],
      [2, 2],
    ]);
  });

  it('waits when the next piece is late and goes on by itself when it comes, then ends', async () => {
    const { output, sources } = fakeOutput();
    const queue = createAudioQueue(() => output);
    await queue.play();
    queue.push(0, piece(1, 2));
    await settle();
    output.currentTime = 2;
    sources[0]?.onended?.();
    expect(queue.snapshot().state).toBe('waiting');
    queue.push(1, piece(2, 1));
    queue.end(2);
    await settle();
    expect(sources[1]?.startedAt).toBe(2);
    output.currentTime = 3;
    sources[1]?.onended?.();
    expect(queue.snapshot().state).toBe('ended');
  });

  it('stops at once, and replays from the first piece', async () => {
    const { output, sources } = fakeOutput();
    const queue = createAudioQueue(() => output);
    await queue.play();
    queue.push(0, piece(1, 2));
    queue.push(1, piece(2, 2));
    await settle();
    queue.stop();
    expect(sources.every((source) => source.stopped)).toBe(true);
    expect(queue.snapshot().state).toBe('stopped');
    // A piece arriving after the stop is kept but not heard.
    queue.push(2, piece(3, 1));
    await settle();
    expect(sources).toHaveLength(2);
    await queue.play();
    await settle();
    expect(sources.slice(2).map((source) => source.buffer?.tag)).toEqual([1, 2, 3]);
  });

  it('ignores a piece it already has', async () => {
    const { output } = fakeOutput();
    const queue = createAudioQueue(() => output);
    queue.push(0, piece(1, 1));
    queue.push(0, piece(1, 1));
    await settle();
    expect(output.decodeAudioData).toHaveBeenCalledTimes(1);
    expect(queue.snapshot().received).toBe(1);
  });

  it('says when the browser refuses to start sound, and when a piece is not audio', async () => {
    const refused = createAudioQueue(() => fakeOutput({ refuse: true }).output);
    await refused.play();
    expect(refused.snapshot().state).toBe('blocked');

    const { output } = fakeOutput();
    const broken = createAudioQueue(() => output);
    await broken.play();
    broken.push(0, new Uint8Array([0xff]).buffer);
    await settle();
    expect(broken.snapshot().state).toBe('failed');
  });
});

describe('one queue heard at a time', () => {
  it('silences the queue playing when another starts', async () => {
    const first = fakeOutput();
    const second = fakeOutput();
    const a = createAudioQueue(() => first.output);
    const b = createAudioQueue(() => second.output);
    await a.play();
    a.push(0, piece(1, 5));
    await settle();
    await b.play();
    expect(first.sources[0]?.stopped).toBe(true);
    expect(a.snapshot().state).toBe('stopped');
  });
});
