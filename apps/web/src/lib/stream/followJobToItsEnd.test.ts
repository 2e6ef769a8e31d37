import type { JobStreamEvent, JobView } from '@studio/contracts';
import { sharedFailureTexts } from '@studio/contracts/sharedFailures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { followJob } from '../api/endpoints/jobs/followJob';
import { HttpFailure } from '../api/errorText';
import { followJobToItsEnd, REFOLLOW_DELAYS_MS } from './followJobToItsEnd';

const job = (state: JobView['state']): JobView => ({
  id: 'music.compose~1',
  kind: 'music.compose',
  state,
  progress: null,
  error: null,
  result: null,
  detail: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  finishedAt: null,
});
const stateEvent = (state: JobView['state']): JobStreamEvent => ({
  type: 'state',
  data: job(state),
});
const progressEvent: JobStreamEvent = { type: 'progress', data: { percent: 40, stage: 'writing' } };

/** A follow whose n-th connection yields `tries[n]`'s events, then ends or throws its failure. */
function connections(tries: { events: JobStreamEvent[]; failure?: unknown }[]) {
  let n = 0;
  const follow = vi.fn(async function* () {
    const attempt = tries[Math.min(n, tries.length - 1)];
    n += 1;
    for (const event of attempt?.events ?? []) yield event;
    if (attempt?.failure) throw attempt.failure;
  });
  return follow as unknown as typeof followJob & typeof follow;
}

/** Every event until the end, with the timers of the pauses between tries run at once. */
async function followed(follow: typeof followJob, signal = new AbortController().signal) {
  const events: JobStreamEvent[] = [];
  const done = (async () => {
    for await (const event of followJobToItsEnd('music.compose~1', signal, {}, follow)) {
      events.push(event);
    }
  })();
  const outcome = done.then(
    () => ({ events, error: null as unknown }),
    (error: unknown) => ({ events, error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('followJobToItsEnd', () => {
  it('follows again when the connection breaks, and ends with the job', async () => {
    const follow = connections([
      { events: [stateEvent('running')], failure: new TypeError('network error') },
      { events: [stateEvent('running'), progressEvent, stateEvent('completed')] },
    ]);
    const { events, error } = await followed(follow);
    expect(error).toBeNull();
    expect(events.map((event) => event.type)).toEqual(['state', 'state', 'progress', 'state']);
    expect(events.at(-1)).toEqual(stateEvent('completed'));
    expect(follow).toHaveBeenCalledTimes(2);
  });

  it('follows again a stream that ends before the job does (an instance that went away)', async () => {
    const follow = connections([
      { events: [stateEvent('running')] },
      { events: [stateEvent('failed')] },
    ]);
    const { events } = await followed(follow);
    expect(events.at(-1)).toEqual(stateEvent('failed'));
    expect(follow).toHaveBeenCalledTimes(2);
  });

  it('ends a job it heard running and then finds gone as failed, in words for people', async () => {
    const gone = new HttpFailure({ status: 404, data: { message: 'Not found' } });
    const follow = connections([
      { events: [stateEvent('running')], failure: new TypeError('network error') },
      { events: [], failure: gone },
    ]);
    const { events, error } = await followed(follow);
    expect(error).toBeNull();
    expect(events.at(-1)).toMatchObject({
      type: 'state',
      data: { state: 'failed', error: sharedFailureTexts.jobInterrupted, result: null },
    });
  });

  it('gives up at once on a 404 for a job it never heard: not one of the caller’s', async () => {
    const gone = new HttpFailure({ status: 404, data: { message: 'Not found' } });
    const follow = connections([{ events: [], failure: gone }]);
    const { error } = await followed(follow);
    expect(error).toBe(gone);
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it('asks again after a 5xx or a 429, and gives up with the failure once every wait is spent', async () => {
    const busy = new HttpFailure({ status: 429, data: null });
    const down = new HttpFailure({ status: 503, data: null });
    const follow = connections([
      { events: [], failure: busy },
      { events: [], failure: down },
    ]);
    const { events, error } = await followed(follow);
    expect(events).toEqual([]);
    expect(error).toBe(down);
    expect(follow).toHaveBeenCalledTimes(REFOLLOW_DELAYS_MS.length + 1);
  });

  it('counts the tries again once the job is heard, so a long job survives many breaks', async () => {
    const broken = { events: [stateEvent('running')], failure: new TypeError('network error') };
    const breaks = Array.from({ length: REFOLLOW_DELAYS_MS.length * 2 }, () => broken);
    const follow = connections([...breaks, { events: [stateEvent('completed')] }]);
    const { events, error } = await followed(follow);
    expect(error).toBeNull();
    expect(events.at(-1)).toEqual(stateEvent('completed'));
  });

  it('stops, without another try, once its signal aborts', async () => {
    const controller = new AbortController();
    const follow = connections([{ events: [stateEvent('running')] }]);
    const events: JobStreamEvent[] = [];
    const done = (async () => {
      for await (const event of followJobToItsEnd(
        'music.compose~1',
        controller.signal,
        {},
        follow,
      )) {
        events.push(event);
      }
    })().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1);
    controller.abort(new DOMException('stopped', 'AbortError'));
    await vi.runAllTimersAsync();
    await done;
    expect(follow).toHaveBeenCalledTimes(1);
    expect(events).toEqual([stateEvent('running')]);
  });
});
