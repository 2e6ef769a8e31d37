import { describe, expect, it, vi } from 'vitest';
import { createPartQueue, type PartSink } from './partQueue';

/** A fetch whose answers the test releases one by one, in any order. */
function controlledFetch() {
  const pending = new Map<
    number,
    { resolve: (blob: Blob) => void; reject: (e: unknown) => void }
  >();
  const calls: number[] = [];
  const fetchPart = vi.fn(
    (index: number, signal: AbortSignal) =>
      new Promise<Blob>((resolve, reject) => {
        calls.push(index);
        pending.set(index, { resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  const answer = async (index: number) => {
    pending.get(index)?.resolve(new Blob([`part ${index}`]));
    await flush();
  };
  const fail = async (index: number) => {
    pending.get(index)?.reject(new Error(`part ${index} failed`));
    await flush();
  };
  return { fetchPart, calls, answer, fail };
}

function recordingSink() {
  const played: string[] = [];
  const sink: PartSink & { played: string[]; stopped: boolean } = {
    played,
    stopped: false,
    append: async (part) => {
      played.push(await part.text());
    },
    stop() {
      this.stopped = true;
    },
  };
  return sink;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the part queue', () => {
  it('plays the parts in order as they become ready', async () => {
    const fetch = controlledFetch();
    const sink = recordingSink();
    const queue = createPartQueue({ fetchPart: fetch.fetchPart, sink });
    queue.ready(1);
    await fetch.answer(0);
    expect(sink.played).toEqual(['part 0']);
    queue.ready(3);
    await fetch.answer(1);
    await fetch.answer(2);
    expect(sink.played).toEqual(['part 0', 'part 1', 'part 2']);
  });

  it('fetches one part at a time, so a later part never plays before an earlier one', async () => {
    const fetch = controlledFetch();
    const sink = recordingSink();
    const queue = createPartQueue({ fetchPart: fetch.fetchPart, sink });
    queue.ready(3);
    await flush();
    // Part 1 is not even asked for while part 0 is on its way.
    expect(fetch.calls).toEqual([0]);
    await fetch.answer(0);
    expect(fetch.calls).toEqual([0, 1]);
    await fetch.answer(1);
    await fetch.answer(2);
    expect(sink.played).toEqual(['part 0', 'part 1', 'part 2']);
  });

  it('fetches each part once, however often the same progress repeats', async () => {
    const fetch = controlledFetch();
    const sink = recordingSink();
    const queue = createPartQueue({ fetchPart: fetch.fetchPart, sink });
    queue.ready(2);
    queue.ready(2);
    queue.ready(1);
    await fetch.answer(0);
    queue.ready(2);
    await fetch.answer(1);
    queue.ready(2);
    await flush();
    expect(fetch.calls).toEqual([0, 1]);
    expect(sink.played).toEqual(['part 0', 'part 1']);
  });

  it('stop silences the sink, aborts the fetch under way and plays nothing more', async () => {
    const fetch = controlledFetch();
    const sink = recordingSink();
    const progress = vi.fn();
    const queue = createPartQueue({ fetchPart: fetch.fetchPart, sink, onProgress: progress });
    queue.ready(3);
    await fetch.answer(0);
    queue.stop();
    await flush();
    expect(sink.stopped).toBe(true);
    expect(fetch.fetchPart.mock.calls[1]?.[1].aborted).toBe(true);
    queue.ready(5);
    await flush();
    expect(fetch.calls).toEqual([0, 1]);
    expect(sink.played).toEqual(['part 0']);
    expect(progress).toHaveBeenLastCalledWith({ queued: 1, error: null, stopped: true });
  });

  it('gives up at a part that fails, and says why', async () => {
    const fetch = controlledFetch();
    const sink = recordingSink();
    const progress = vi.fn();
    const queue = createPartQueue({ fetchPart: fetch.fetchPart, sink, onProgress: progress });
    queue.ready(3);
    await fetch.answer(0);
    await fetch.fail(1);
    queue.ready(4);
    await flush();
    expect(fetch.calls).toEqual([0, 1]);
    expect(sink.played).toEqual(['part 0']);
    const last = progress.mock.calls.at(-1)?.[0] as { error: Error; queued: number };
    expect(last.queued).toBe(1);
    expect(last.error.message).toBe('part 1 failed');
  });
});
