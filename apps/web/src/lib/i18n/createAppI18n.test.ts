import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { createMemoryStore, storageKeys } from '../storage';
import { createAppI18n } from './index';

/** Translations answer after the test has looked at the document (held until `release`). */
function holdTranslations() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get('*/locales/:language/:namespace', async () => {
      await released;
      return HttpResponse.json({});
    }),
  );
  return release;
}

function served(lang = 'en'): HTMLElement {
  document.documentElement.setAttribute('lang', lang);
  return document.createElement('html');
}

afterEach(() => vi.restoreAllMocks());

describe('createAppI18n: the language at start', () => {
  it('is Vietnamese from the first moment for a vi-VN browser (no "en" from index.html)', async () => {
    const release = holdTranslations();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN', 'vi']);
    const root = served();
    const i18n = createAppI18n(root, createMemoryStore());
    // Before any translation has loaded, the document already says vi.
    expect(root.lang).toBe('vi');
    release();
    await vi.waitFor(() => expect(i18n.isInitialized).toBe(true));
    expect(i18n.language).toBe('vi');
    expect(root.lang).toBe('vi');
  });

  it('counts a country cached from an earlier visit when the browser names nothing we have', () => {
    const release = holdTranslations();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    const store = createMemoryStore({
      [storageKeys.country]: JSON.stringify({ country: 'VN', at: Date.now(), fallback: false }),
    });
    const root = served();
    createAppI18n(root, store);
    expect(root.lang).toBe('vi');
    release();
  });

  it('keeps a stored choice over the browser and the cached country', () => {
    const release = holdTranslations();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN']);
    const store = createMemoryStore({
      [storageKeys.language]: 'en',
      [storageKeys.country]: JSON.stringify({ country: 'VN', at: Date.now(), fallback: false }),
    });
    const root = served();
    createAppI18n(root, store);
    expect(root.lang).toBe('en');
    release();
  });
});
