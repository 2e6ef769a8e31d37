import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  IncompleteStreamError,
  useEventStream,
  type EventStreamSource,
  type StreamOutcome,
} from './useEventStream';

/** A tool's progress, as the studio's tools will stream it. */
type Progress =
  | { type: 'progress'; percent: number }
  | { type: 'done'; url: string }
  | { type: 'error'; message: string };

interface Job {
  percent: number;
  url: string | null;
  failure: string | null;
}

/** A stream the test feeds one event at a time (null ends it); it rejects when aborted. */
function steppedStream() {
  const items: (Progress | null)[] = [];
  let wake: (() => void) | null = null;
  const signals: AbortSignal[] = [];
  async function* open(_request: string, signal: AbortSignal): AsyncGenerator<Progress> {
    signals.push(signal);
    for (;;) {
      while (items.length === 0) {
        await new Promise<void>((resolve, reject) => {
          wake = resolve;
          signal.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        });
      }
      const item = items.shift();
      if (!item) return;
      yield item;
    }
  }
  const push = (...next: (Progress | null)[]) => {
    items.push(...next);
    wake?.();
  };
  return { open, push, signals };
}

function jobSource(
  open: EventStreamSource<string, Progress, Job>['open'],
): EventStreamSource<string, Progress, Job> {
  return {
    open,
    initial: { percent: 0, url: null, failure: null },
    reduce: (job, event) => {
      switch (event.type) {
        case 'progress':
          return { ...job, percent: event.percent };
        case 'done':
          return { ...job, percent: 100, url: event.url };
        case 'error':
          return { ...job, failure: event.message };
      }
    },
    ending: (job) => {
      if (job.failure !== null) return { failed: true, error: job.failure };
      return job.url === null ? null : { failed: false };
    },
  };
}

function follow(source: EventStreamSource<string, Progress, Job>) {
  const view = renderHook(() => useEventStream(source));
  let ending: Promise<StreamOutcome<Job>> = Promise.resolve({ status: 'busy' });
  act(() => {
    ending = view.result.current.start('job-1');
  });
  return { ...view, ending: () => ending };
}

describe('useEventStream', () => {
  it('is idle with no result before the first start', () => {
    const { result } = renderHook(() => useEventStream(jobSource(steppedStream().open)));
    expect(result.current).toMatchObject({ status: 'idle', result: null, error: null });
  });

  it('builds the partial result event by event, then ends done with the whole result', async () => {
    const stream = steppedStream();
    const { result, ending } = follow(jobSource(stream.open));
    expect(result.current.status).toBe('streaming');
    expect(result.current.result).toEqual({ percent: 0, url: null, failure: null });

    act(() => stream.push({ type: 'progress', percent: 40 }));
    await waitFor(() => expect(result.current.result?.percent).toBe(40));
    expect(result.current.status).toBe('streaming');
    expect(result.current.current()).toMatchObject({
      status: 'streaming',
      result: { percent: 40 },
    });

    act(() => stream.push({ type: 'done', url: '/files/1.png' }, null));
    const done = { percent: 100, url: '/files/1.png', failure: null };
    await act(async () => {
      await expect(ending()).resolves.toEqual({ status: 'done', result: done });
    });
    expect(result.current).toMatchObject({ status: 'done', result: done, error: null });
  });

  it('hands each event to the caller once the result has taken it', async () => {
    const stream = steppedStream();
    const { result } = renderHook(() => useEventStream(jobSource(stream.open)));
    const seen: [string, number][] = [];
    let ending: Promise<unknown> = Promise.resolve();
    act(() => {
      ending = result.current.start('job-1', (event, job) => seen.push([event.type, job.percent]));
    });
    act(() => stream.push({ type: 'progress', percent: 10 }, { type: 'done', url: '/x' }, null));
    await act(async () => {
      await ending;
    });
    expect(seen).toEqual([
      ['progress', 10],
      ['done', 100],
    ]);
  });

  it('stops: the stream is closed and ends stopped, keeping what came', async () => {
    const stream = steppedStream();
    const { result, ending } = follow(jobSource(stream.open));
    act(() => stream.push({ type: 'progress', percent: 30 }));
    await waitFor(() => expect(result.current.result?.percent).toBe(30));
    act(() => result.current.stop());
    expect(stream.signals[0]?.aborted).toBe(true);
    await act(async () => {
      await expect(ending()).resolves.toMatchObject({ status: 'stopped', result: { percent: 30 } });
    });
    expect(result.current).toMatchObject({ status: 'stopped', error: null });
  });

  it('fails with what the stream threw, keeping what came before', async () => {
    const lost = new Error('Network Error');
    const { result, ending } = follow(
      jobSource(async function* () {
        yield { type: 'progress', percent: 20 };
        await Promise.resolve();
        throw lost;
      }),
    );
    await act(async () => {
      await expect(ending()).resolves.toMatchObject({
        status: 'failed',
        error: lost,
        result: { percent: 20 },
      });
    });
    expect(result.current).toMatchObject({
      status: 'failed',
      error: lost,
      result: { percent: 20 },
    });
  });

  it('fails with the failure the stream reported itself', async () => {
    const stream = steppedStream();
    const { result, ending } = follow(jobSource(stream.open));
    act(() =>
      stream.push({ type: 'progress', percent: 70 }, { type: 'error', message: 'Busy' }, null),
    );
    await act(async () => {
      await expect(ending()).resolves.toMatchObject({
        status: 'failed',
        error: 'Busy',
        result: { percent: 70 },
      });
    });
    expect(result.current.status).toBe('failed');
  });

  it('fails when the connection ends before the last word', async () => {
    const stream = steppedStream();
    const { result, ending } = follow(jobSource(stream.open));
    act(() => stream.push({ type: 'progress', percent: 50 }, null));
    const outcome = await act(() => ending());
    expect(outcome.status === 'failed' && outcome.error).toBeInstanceOf(IncompleteStreamError);
    expect(result.current.error).toBeInstanceOf(IncompleteStreamError);
  });

  it('is done when the stream ends, for a source without a last word of its own', async () => {
    const stream = steppedStream();
    const { ending } = follow({ ...jobSource(stream.open), ending: undefined });
    act(() => stream.push({ type: 'progress', percent: 50 }, null));
    await act(async () => {
      await expect(ending()).resolves.toMatchObject({ status: 'done', result: { percent: 50 } });
    });
  });

  it('follows one stream at a time, and another once it has ended', async () => {
    const stream = steppedStream();
    const { result, ending } = follow(jobSource(stream.open));
    await act(async () => {
      await expect(result.current.start('job-2')).resolves.toEqual({ status: 'busy' });
    });
    expect(stream.signals).toHaveLength(1);
    act(() => stream.push({ type: 'done', url: '/1' }, null));
    await act(() => ending());

    let again: Promise<unknown> = Promise.resolve();
    act(() => {
      again = result.current.start('job-2');
    });
    expect(result.current).toMatchObject({
      status: 'streaming',
      result: { percent: 0, url: null },
    });
    act(() => stream.push({ type: 'done', url: '/2' }, null));
    await act(async () => {
      await expect(again).resolves.toMatchObject({ status: 'done', result: { url: '/2' } });
    });
    expect(stream.signals).toHaveLength(2);
  });

  it('closes a stream still open when the component leaves', () => {
    const stream = steppedStream();
    const { unmount } = follow(jobSource(stream.open));
    expect(stream.signals[0]?.aborted).toBe(false);
    unmount();
    expect(stream.signals[0]?.aborted).toBe(true);
  });
});
