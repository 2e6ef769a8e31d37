import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COUNTRY_CACHE_MS,
  countryFromBody,
  detectCountry,
  GEOLOCATION_TIMEOUT_MS,
  languageForCountry,
  readCachedCountry,
  type GeolocationFetcher,
} from './country';
import { createMemoryStore, storageKeys } from './storage';

const services = [
  'https://geo-one.test/json',
  'https://geo-two.test/country',
  'https://geo-three.test',
];

/** A service that never answers but notices when it is aborted. */
function hangingUntilAborted(aborted: string[]): GeolocationFetcher {
  return (url, signal) =>
    new Promise((_, reject) => {
      signal.addEventListener('abort', () => {
        aborted.push(url);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
}

describe('detectCountry (§7)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('takes the first service that answers', async () => {
    const store = createMemoryStore();
    const fetcher = vi.fn<GeolocationFetcher>(async () => ({ country_code: 'vn' }));
    await expect(detectCountry(services, fetcher, { store })).resolves.toEqual({
      country: 'VN',
      fallback: false,
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('falls through a failing service to the next one', async () => {
    const store = createMemoryStore();
    const fetcher = vi.fn<GeolocationFetcher>(async (url) => {
      if (url.includes('geo-one')) throw new Error('503');
      return 'SG\n';
    });
    await expect(detectCountry(services, fetcher, { store })).resolves.toEqual({
      country: 'SG',
      fallback: false,
    });
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual(services.slice(0, 2));
  });

  it('falls through an answer without a country', async () => {
    const store = createMemoryStore();
    const fetcher = vi.fn<GeolocationFetcher>(async (url) =>
      url.includes('geo-one') ? { error: true, reason: 'RateLimited' } : { countryCode: 'DE' },
    );
    await expect(detectCountry(services, fetcher, { store })).resolves.toEqual({
      country: 'DE',
      fallback: false,
    });
  });

  it('gives each service 5 s, aborting it, then moves on; US when all fail', async () => {
    const store = createMemoryStore();
    const aborted: string[] = [];
    const result = detectCountry(services, hangingUntilAborted(aborted), { store });

    await vi.advanceTimersByTimeAsync(GEOLOCATION_TIMEOUT_MS - 1);
    expect(aborted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toEqual([services[0]]);
    await vi.advanceTimersByTimeAsync(GEOLOCATION_TIMEOUT_MS * 2);
    expect(aborted).toEqual(services);
    await expect(result).resolves.toEqual({ country: 'US', fallback: true });
  });

  it('times out even a service that ignores the abort signal', async () => {
    const store = createMemoryStore();
    const deaf: GeolocationFetcher = () => new Promise(() => undefined);
    const result = detectCountry(['https://deaf.test'], deaf, { store });
    await vi.advanceTimersByTimeAsync(GEOLOCATION_TIMEOUT_MS);
    await expect(result).resolves.toEqual({ country: 'US', fallback: true });
  });

  it('is US with no services configured', async () => {
    const fetcher = vi.fn<GeolocationFetcher>();
    await expect(detectCountry([], fetcher, { store: createMemoryStore() })).resolves.toEqual({
      country: 'US',
      fallback: true,
    });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('caches the answer with its time for 24 hours', async () => {
    let now = Date.UTC(2026, 10, 21, 9);
    const store = createMemoryStore();
    const fetcher = vi.fn<GeolocationFetcher>(async () => 'VN');
    const clock = { store, now: () => now };

    await detectCountry(services, fetcher, clock);
    expect(JSON.parse(store.get(storageKeys.country) ?? '')).toEqual({
      country: 'VN',
      fallback: false,
      at: now,
    });

    now += COUNTRY_CACHE_MS - 1;
    fetcher.mockResolvedValue('FR');
    await expect(detectCountry(services, fetcher, clock)).resolves.toEqual({
      country: 'VN',
      fallback: false,
    });
    expect(fetcher).toHaveBeenCalledTimes(1);

    now += 1;
    await expect(detectCountry(services, fetcher, clock)).resolves.toEqual({
      country: 'FR',
      fallback: false,
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('caches the US fallback as a fallback, and reads it back as one', async () => {
    const store = createMemoryStore();
    const now = Date.UTC(2026, 10, 21, 9);
    const failing = vi.fn<GeolocationFetcher>(async () => {
      throw new Error('unreachable');
    });
    await detectCountry(services, failing, { store, now: () => now });
    expect(readCachedCountry(store, now + 1)).toEqual({ country: 'US', fallback: true });
    await expect(detectCountry(services, failing, { store, now: () => now + 1 })).resolves.toEqual({
      country: 'US',
      fallback: true,
    });
    expect(failing).toHaveBeenCalledTimes(services.length);
  });

  it('reads an entry cached before fallbacks were marked as an answer', () => {
    const now = Date.UTC(2026, 10, 21, 9);
    const store = createMemoryStore({
      [storageKeys.country]: JSON.stringify({ country: 'VN', at: now }),
    });
    expect(readCachedCountry(store, now)).toEqual({ country: 'VN', fallback: false });
    expect(readCachedCountry(store, now + COUNTRY_CACHE_MS)).toBeNull();
  });

  it('ignores a damaged cache entry', async () => {
    const store = createMemoryStore({ [storageKeys.country]: '{not json' });
    const fetcher = vi.fn<GeolocationFetcher>(async () => 'JP');
    await expect(detectCountry(services, fetcher, { store })).resolves.toEqual({
      country: 'JP',
      fallback: false,
    });
  });
});

describe('countryFromBody', () => {
  it.each([
    ['VN', 'VN'],
    [' us\n', 'US'],
    [{ country_code: 'sg' }, 'SG'],
    [{ countryCode: 'DE' }, 'DE'],
    [{ country: 'FR' }, 'FR'],
    [{ country: 'France' }, null],
    ['<html>', null],
    [null, null],
  ])('%j → %s', (body, expected) => expect(countryFromBody(body)).toBe(expected));
});

describe('languageForCountry (§7)', () => {
  it('maps Vietnam to vi and every other country to en', () => {
    expect(languageForCountry('VN')).toBe('vi');
    expect(languageForCountry('vn')).toBe('vi');
    expect(languageForCountry('US')).toBe('en');
    expect(languageForCountry('SG')).toBe('en');
  });
});
