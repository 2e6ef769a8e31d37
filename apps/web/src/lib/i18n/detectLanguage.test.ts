import { describe, expect, it, vi } from 'vitest';
import { detectLanguage } from './detectLanguage';
import { createFetchBackend } from './fetchBackend';

describe('detectLanguage (§7: local storage, browser, html tag)', () => {
  it('prefers a stored choice', () => {
    expect(detectLanguage({ stored: 'vi', browser: ['en-US'], htmlTag: 'en' })).toBe('vi');
  });
  it('skips unsupported values and reads base languages', () => {
    expect(detectLanguage({ stored: 'fr', browser: ['de-DE', 'vi-VN'], htmlTag: 'en' })).toBe('vi');
    expect(detectLanguage({ stored: null, browser: ['ja'], htmlTag: 'vi' })).toBe('vi');
  });
  it('gives up when nothing is supported (i18next falls back to en)', () => {
    expect(detectLanguage({ stored: null, browser: ['ar'], htmlTag: null })).toBeUndefined();
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
