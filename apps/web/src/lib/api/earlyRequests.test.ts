import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestEarly, takeEarly, takeEarlyIfArrived } from './earlyRequests';

describe('early requests (a route’s first data, asked for at entry start)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('hands the answer to its first reader only', async () => {
    requestEarly('pricing');
    const early = takeEarly('pricing');
    expect(early).not.toBeNull();
    await expect(early?.body).resolves.toMatchObject({ entitlements: expect.any(Object) });
    expect(takeEarly('pricing')).toBeNull();
  });

  it('shows an arrived answer at once, and nothing before it has arrived', async () => {
    requestEarly('chatModels');
    expect(takeEarlyIfArrived('chatModels')).toBeNull();
    await vi.waitFor(() => {
      const arrived = takeEarlyIfArrived('chatModels');
      expect(arrived?.body).toMatchObject({ models: expect.any(Array) });
    });
    // Taken: the chat's own load asks afresh.
    expect(takeEarly('chatModels')).toBeNull();
  });

  it('is not taken once it is old: whoever asks later may have signed in or out since', async () => {
    const start = Date.now();
    requestEarly('pricing');
    vi.spyOn(Date, 'now').mockReturnValue(start + 11_000);
    expect(takeEarly('pricing')).toBeNull();
    vi.restoreAllMocks();
    // Nothing is left behind for a later reader either.
    expect(takeEarly('pricing')).toBeNull();
  });
});
