import type { LanguageCode } from '@studio/contracts';
import { storageKeys, type KeyValueStore } from './storage';

/** §9: each geolocation service gets 5 s. */
export const GEOLOCATION_TIMEOUT_MS = 5_000;
/** §9: a detected country is trusted for 24 hours. */
export const COUNTRY_CACHE_MS = 24 * 60 * 60 * 1_000;
/** §7: when every service fails. */
export const FALLBACK_COUNTRY = 'US';

/** Asks one service; resolves with its body (text or parsed JSON). Must honour the signal. */
export type GeolocationFetcher = (url: string, signal: AbortSignal) => Promise<unknown>;

/**
 * What country detection found. `fallback`: no service answered, so the country is §7's US
 * default rather than something the visitor's address said; it must never outweigh a language
 * the visitor's browser named (detectLanguage).
 */
export interface CountryAnswer {
  country: string;
  fallback: boolean;
}

export interface DetectCountryOptions {
  store: KeyValueStore;
  now?: () => number;
  timeoutMs?: number;
}

interface CachedCountry {
  country: string;
  at: number;
  /** Absent in entries written before it existed: those count as answers. */
  fallback?: boolean;
}

const isCountryCode = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z]{2}$/.test(value.trim());

/**
 * Reads an ISO country code from what a service answered: a bare "VN" (ipapi.co/country) or JSON
 * with `country_code`, `countryCode` or `country` (ipapi.co/json, ip-api.com, ipinfo.io...).
 */
export function countryFromBody(body: unknown): string | null {
  if (isCountryCode(body)) return body.trim().toUpperCase();
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const code = [record['country_code'], record['countryCode'], record['country']].find(
    isCountryCode,
  );
  return code ? code.trim().toUpperCase() : null;
}

/** §7: Vietnam reads Vietnamese; everyone else English. */
export function languageForCountry(country: string): LanguageCode {
  return country.toUpperCase() === 'VN' ? 'vi' : 'en';
}

export const fetchGeolocation: GeolocationFetcher = async (url, signal) => {
  const response = await fetch(url, {
    signal,
    credentials: 'omit',
    headers: { Accept: 'application/json, text/plain' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? response.json() : response.text();
};

/**
 * The detected country if it was cached under 24 hours ago, else null. Synchronous, so the
 * language can count it before the first render (a returning visitor sees no language switch).
 */
export function readCachedCountry(
  store: KeyValueStore,
  now: number = Date.now(),
): CountryAnswer | null {
  const raw = store.get(storageKeys.country);
  if (!raw) return null;
  try {
    const cached = JSON.parse(raw) as Partial<CachedCountry>;
    const fresh = typeof cached.at === 'number' && now - cached.at < COUNTRY_CACHE_MS;
    if (!fresh || !isCountryCode(cached.country)) return null;
    return { country: cached.country, fallback: cached.fallback === true };
  } catch {
    return null;
  }
}

/** One service, abandoned (and its request aborted) after `timeoutMs`. */
async function askService(
  url: string,
  fetcher: GeolocationFetcher,
  timeoutMs: number,
): Promise<string | null> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`${url} timed out`));
    }, timeoutMs);
  });
  try {
    return countryFromBody(await Promise.race([fetcher(url, controller.signal), timeout]));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * §7 country detection for anonymous visitors: the cached answer if under 24 hours old, else each
 * configured service in order (5 s each, any failure falls through to the next), else US (marked
 * as the fallback). The
 * answer is cached with its time either way, so visitors whose network blocks the services do not
 * wait for every timeout on each visit.
 */
export async function detectCountry(
  services: readonly string[],
  fetcher: GeolocationFetcher,
  { store, now = Date.now, timeoutMs = GEOLOCATION_TIMEOUT_MS }: DetectCountryOptions,
): Promise<CountryAnswer> {
  const cached = readCachedCountry(store, now());
  if (cached) return cached;
  let answer: CountryAnswer = { country: FALLBACK_COUNTRY, fallback: true };
  for (const url of services) {
    try {
      const found = await askService(url, fetcher, timeoutMs);
      if (found) {
        answer = { country: found, fallback: false };
        break;
      }
    } catch (error) {
      console.warn('Country detection: a geolocation service failed.', error);
    }
  }
  store.set(storageKeys.country, JSON.stringify({ ...answer, at: now() } satisfies CachedCountry));
  return answer;
}
