import { describe, expect, it, vi } from 'vitest';
import type { CountryAnswer } from '../country';
import { createMemoryStore, storageKeys } from '../storage';
import { browserLanguageSources, detectLanguage } from './detectLanguage';
import { createFetchBackend } from './fetchBackend';

const vietnam: CountryAnswer = { country: 'VN', fallback: false };
const france: CountryAnswer = { country: 'FR', fallback: false };
/** Every geolocation service failed: §7's US default, not an answer about the visitor. */
const failed: CountryAnswer = { country: 'US', fallback: true };

const browsers = {
  vi: ['vi'],
  'vi-VN': ['vi-VN'],
  'fr-FR, vi;q=0.8': ['fr-FR', 'vi'],
  'en-US': ['en-US'],
  'fr-FR': ['fr-FR'],
  none: [],
} as const;
const countries = { pending: null, VN: vietnam, FR: france, 'failed (US)': failed } as const;
type Browser = keyof typeof browsers;
type Country = keyof typeof countries;

/** What each browser setting gets, by country answer, with nothing stored (html tag "en"). */
const expected: Record<Browser, Record<Country, 'en' | 'vi'>> = {
  vi: { pending: 'vi', VN: 'vi', FR: 'vi', 'failed (US)': 'vi' },
  'vi-VN': { pending: 'vi', VN: 'vi', FR: 'vi', 'failed (US)': 'vi' },
  'fr-FR, vi;q=0.8': { pending: 'vi', VN: 'vi', FR: 'vi', 'failed (US)': 'vi' },
  'en-US': { pending: 'en', VN: 'en', FR: 'en', 'failed (US)': 'en' },
  'fr-FR': { pending: 'en', VN: 'vi', FR: 'en', 'failed (US)': 'en' },
  none: { pending: 'en', VN: 'vi', FR: 'en', 'failed (US)': 'en' },
};

const cases = Object.entries(expected).flatMap(([browser, byCountry]) =>
  Object.entries(byCountry).map(([country, language]) => ({
    browser: browser as Browser,
    country: country as Country,
    language,
  })),
);

describe('detectLanguage: stored choice, then browser, then country, then html tag', () => {
  it.each(cases)(
    'nothing stored, browser $browser, country $country: $language',
    ({ browser, country, language }) => {
      expect(
        detectLanguage({
          stored: null,
          browser: browsers[browser],
          country: countries[country],
          htmlTag: 'en',
        }),
      ).toBe(language);
    },
  );

  it.each(
    cases.flatMap((entry) => (['en', 'vi'] as const).map((stored) => ({ ...entry, stored }))),
  )(
    'a stored $stored wins over browser $browser and country $country',
    ({ browser, country, stored }) => {
      expect(
        detectLanguage({
          stored,
          browser: browsers[browser],
          country: countries[country],
          htmlTag: 'en',
        }),
      ).toBe(stored);
    },
  );

  it('skips an unsupported stored value and reads base languages', () => {
    expect(
      detectLanguage({ stored: 'fr', browser: ['de-DE', 'vi-VN'], country: null, htmlTag: 'en' }),
    ).toBe('vi');
    expect(
      detectLanguage({ stored: 'fr', browser: ['de-DE'], country: vietnam, htmlTag: 'en' }),
    ).toBe('vi');
  });

  it('lets a geolocation failure decide nothing: the html tag still counts after it', () => {
    expect(detectLanguage({ stored: null, browser: ['ja'], country: failed, htmlTag: 'vi' })).toBe(
      'vi',
    );
    expect(detectLanguage({ stored: null, browser: ['ja'], country: null, htmlTag: 'vi' })).toBe(
      'vi',
    );
    // A real answer is about the visitor; the served page's tag is not.
    expect(detectLanguage({ stored: null, browser: ['ja'], country: france, htmlTag: 'vi' })).toBe(
      'en',
    );
  });

  it('gives up when nothing is supported (i18next falls back to en)', () => {
    expect(
      detectLanguage({ stored: null, browser: ['ar'], country: null, htmlTag: null }),
    ).toBeUndefined();
    expect(
      detectLanguage({ stored: null, browser: ['ar'], country: failed, htmlTag: null }),
    ).toBeUndefined();
  });
});

describe('browserLanguageSources', () => {
  it('reads the stored choice, navigator.languages, the cached country and the html tag', () => {
    const store = createMemoryStore({
      [storageKeys.language]: 'vi',
      [storageKeys.country]: JSON.stringify({ country: 'VN', at: Date.now(), fallback: false }),
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'vi']);
    document.documentElement.setAttribute('lang', 'en');
    expect(browserLanguageSources(store)).toEqual({
      stored: 'vi',
      browser: ['fr-FR', 'vi'],
      country: vietnam,
      htmlTag: 'en',
    });
    vi.restoreAllMocks();
  });
});

describe('createFetchBackend', () => {
  it('loads /locales/{lng}/{ns}.json', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ hello: 'xin chào' })));
    const backend = createFetchBackend(undefined, fetcher as unknown as typeof fetch);
    const result = await new Promise((resolve) =>
      backend.read('vi', 'common', (error, data) => resolve({ error, data })),
    );
    expect(fetcher).toHaveBeenCalledWith('/locales/vi/common.json', expect.anything());
    expect(result).toEqual({ error: null, data: { hello: 'xin chào' } });
  });
  it('reports a missing file without asking for a retry, and a server error with one', async () => {
    const read = (status: number) => {
      const backend = createFetchBackend(
        undefined,
        (async () => new Response('', { status })) as unknown as typeof fetch,
      );
      return new Promise<unknown>((resolve) =>
        backend.read('en', 'help', (error, retry) =>
          resolve({ failed: error instanceof Error, retry }),
        ),
      );
    };
    expect(await read(404)).toEqual({ failed: true, retry: false });
    expect(await read(503)).toEqual({ failed: true, retry: true });
  });
});
