import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore, storageKeys, type KeyValueStore } from '../../../lib/storage';
import { tokenExpiringIn } from '../../../test/jwt';
import {
  createTokenKeeper,
  REFRESH_INTERVAL_MS,
  RENEWAL_LOCK,
  SessionEndedError,
  type TokenKeeperOptions,
} from './tokenKeeper';

const start = new Date('2026-11-21T09:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A keeper whose renewals store a fresh 15-minute token, counted. */
function keeper(store: KeyValueStore, overrides: Partial<TokenKeeperOptions> = {}) {
  const renew = vi.fn(async () => {
    const token = tokenExpiringIn(15 * 60);
    store.set(storageKeys.token, token);
    return token;
  });
  const endSession = vi.fn();
  const kept = createTokenKeeper({ store, renew, endSession, locks: null, ...overrides });
  return { kept, renew, endSession };
}

describe('token renewal before a request (§9: 300 s offset)', () => {
  it('sends a token with more than 300 s left as it is', async () => {
    const token = tokenExpiringIn(301);
    const { kept, renew } = keeper(createMemoryStore({ [storageKeys.token]: token }));
    await expect(kept.freshToken()).resolves.toBe(token);
    expect(renew).not.toHaveBeenCalled();
  });

  it.each([300, 120, 0, -3600])('renews a token with %i s left first', async (left) => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(left) });
    const { kept, renew } = keeper(store);
    const fresh = await kept.freshToken();
    expect(renew).toHaveBeenCalledTimes(1);
    // A token that is due is renewed the cheap way (the identity service's cache may do).
    expect(renew).toHaveBeenCalledWith({ force: false });
    expect(fresh).toBe(store.get(storageKeys.token));
  });

  it('renews once the clock passes the offset (a laptop waking up)', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(15 * 60) });
    const { kept, renew } = keeper(store);
    await kept.freshToken();
    expect(renew).not.toHaveBeenCalled();
    vi.setSystemTime(start + 10 * 60 * 1000 + 1000); // 4 min 59 s left
    await kept.freshToken();
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between requests that arrive together', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(10) });
    const { kept, renew } = keeper(store);
    const tokens = await Promise.all([kept.freshToken(), kept.freshToken(), kept.freshToken()]);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('sends nothing, and renews nothing, without a token', async () => {
    const { kept, renew } = keeper(createMemoryStore());
    await expect(kept.freshToken()).resolves.toBeNull();
    expect(renew).not.toHaveBeenCalled();
  });

  it('leaves a token it cannot read for the API to judge', async () => {
    const { kept, renew } = keeper(createMemoryStore({ [storageKeys.token]: 'opaque' }));
    await expect(kept.freshToken()).resolves.toBe('opaque');
    expect(renew).not.toHaveBeenCalled();
  });
});

describe('a failed renewal', () => {
  it('ends the session when the server refuses (SessionEndedError)', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(5) });
    const { kept, endSession } = keeper(store, {
      renew: () => Promise.reject(new SessionEndedError()),
    });
    await expect(kept.freshToken()).resolves.toBeNull();
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('keeps the session, and the current token, when the renewal could not be asked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const token = tokenExpiringIn(5);
    const { kept, endSession } = keeper(createMemoryStore({ [storageKeys.token]: token }), {
      renew: () => Promise.reject(new Error('Network Error')),
    });
    await expect(kept.freshToken()).resolves.toBe(token);
    expect(endSession).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('the 30-minute silent refresh (§4, §9)', () => {
  it('renews every 30 minutes, whatever the expiry, until stopped', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(60 * 60) });
    const { kept, renew } = keeper(store);
    kept.start();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
    // The timer asks for a new token even though the cached one has 30 minutes left.
    expect(renew).toHaveBeenCalledWith({ force: true });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(renew).toHaveBeenCalledTimes(2);
    kept.stop();
    await vi.advanceTimersByTimeAsync(3 * REFRESH_INTERVAL_MS);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('restarting keeps one timer', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(60 * 60) });
    const { kept, renew } = keeper(store);
    kept.start();
    kept.start();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(renew).toHaveBeenCalledTimes(1);
    kept.stop();
  });

  it('stops once the token is gone (signed out elsewhere)', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(60 * 60) });
    const { kept, renew } = keeper(store);
    kept.start();
    store.remove(storageKeys.token);
    await vi.advanceTimersByTimeAsync(2 * REFRESH_INTERVAL_MS);
    expect(renew).not.toHaveBeenCalled();
  });

  it('ends the session when the timed refresh is refused', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(60 * 60) });
    const { kept, endSession } = keeper(store, {
      renew: () => Promise.reject(new SessionEndedError()),
    });
    kept.start();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(endSession).toHaveBeenCalledTimes(1);
    kept.stop();
  });
});

describe('tabs renewing together', () => {
  /** navigator.locks in one process: requests for a name run one after another. */
  function sharedLocks() {
    let queue: Promise<unknown> = Promise.resolve();
    const request = vi.fn(<T>(_name: string, callback: () => Promise<T>) => {
      const run = queue.then(callback);
      queue = run.catch(() => undefined);
      return run;
    });
    return { request: request as unknown as LockManager['request'] };
  }

  it('renews under the shared lock, and a tab that waited uses the token another just got', async () => {
    const store = createMemoryStore({ [storageKeys.token]: tokenExpiringIn(30) });
    const locks = sharedLocks();
    const first = keeper(store, { locks });
    const second = keeper(store, { locks });
    const [a, b] = await Promise.all([first.kept.freshToken(), second.kept.freshToken()]);
    expect(locks.request).toHaveBeenCalledWith(RENEWAL_LOCK, expect.any(Function));
    // Only one tab presented the (rotating) refresh token.
    expect(first.renew.mock.calls.length + second.renew.mock.calls.length).toBe(1);
    expect(a).toBe(b);
  });
});
