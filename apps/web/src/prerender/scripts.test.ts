import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderScripts } from './scripts';

/**
 * Runs the boot script as the page's head would, in this document. Its import() of the app is
 * counted instead (the test's sandbox cannot import from a function's code).
 */
function boot() {
  const source = prerenderScripts.boot.replace('import(entry.href)', 'globalThis.startApp()');
  expect(source).not.toBe(prerenderScripts.boot);
  new Function(source)();
}

const root = document.documentElement;

describe("the prerendered page's boot script", () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN', 'en']);
    root.setAttribute('lang', 'vi');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    root.removeAttribute('data-prerendered');
    root.removeAttribute('data-theme');
    root.setAttribute('lang', 'en');
  });

  it('puts the stored theme on the page before anything is drawn, or the default', () => {
    localStorage.setItem('theme', 'cherry');
    boot();
    expect(root.getAttribute('data-theme')).toBe('cherry');
    localStorage.setItem('theme', 'not-a-theme');
    boot();
    expect(root.getAttribute('data-theme')).toBe('dark');
  });

  it("keeps the picture for a visitor whose browser asks for the page's language, and starts the app after its first frame", () => {
    boot();
    expect(root.hasAttribute('data-prerendered')).toBe(false);
    expect(frames).toHaveLength(1);
  });

  it.each([
    ['someone signed in', () => localStorage.setItem('token', 'a.b.c')],
    ['a stored account', () => localStorage.setItem('account', '{}')],
    ['a stored choice of the other language', () => localStorage.setItem('language', 'en')],
    [
      'a browser asking for the other language',
      () => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'vi']),
    ],
    [
      'a remembered country deciding for a browser that names neither language',
      () => {
        vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
        localStorage.setItem('detectedCountry', JSON.stringify({ country: 'US', at: Date.now() }));
      },
    ],
  ])('turns the picture off for %s, and starts the app at once', (_case, arrange) => {
    arrange();
    boot();
    expect(root.getAttribute('data-prerendered')).toBe('off');
    expect(frames).toHaveLength(0);
  });

  describe('starting the app', () => {
    let started = 0;
    beforeEach(() => {
      started = 0;
      vi.stubGlobal('startApp', () => (started += 1));
      const link = document.createElement('link');
      link.setAttribute('data-app-entry', '');
      link.href = '/assets/index.js';
      document.head.append(link);
    });
    afterEach(() => {
      document.head.querySelector('[data-app-entry]')?.remove();
      vi.useRealTimers();
    });

    it('waits until the whole document is parsed, frame or not', async () => {
      vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
      localStorage.setItem('token', 'a.b.c'); // no picture: it would start at once
      boot();
      expect(started).toBe(0);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(started).toBe(1);
    });

    it('starts once after the first frame, and in a page that draws no frames a moment later', () => {
      // Timers only: the frames are this test's to draw.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      boot();
      expect(started).toBe(0);
      for (const frame of frames) frame(0);
      vi.advanceTimersByTime(0);
      expect(started).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(started).toBe(1);

      started = 0;
      frames = [];
      boot();
      vi.advanceTimersByTime(499);
      expect(started).toBe(0);
      vi.advanceTimersByTime(1);
      expect(started).toBe(1);
    });
  });

  it('says from the first moment the language the app will show, picture or not', () => {
    localStorage.setItem('language', 'en');
    boot();
    expect(root.getAttribute('lang')).toBe('en');
  });

  it('keeps the picture when a remembered country names its language, but not a stale or fallback answer', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    localStorage.setItem('detectedCountry', JSON.stringify({ country: 'VN', at: Date.now() }));
    boot();
    expect(root.hasAttribute('data-prerendered')).toBe(false);

    root.setAttribute('lang', 'vi');
    const stale = Date.now() - 25 * 60 * 60 * 1000;
    localStorage.setItem('detectedCountry', JSON.stringify({ country: 'US', at: stale }));
    boot();
    expect(root.hasAttribute('data-prerendered')).toBe(false);
    localStorage.setItem(
      'detectedCountry',
      JSON.stringify({ country: 'US', fallback: true, at: Date.now() }),
    );
    boot();
    expect(root.hasAttribute('data-prerendered')).toBe(false);
    expect(root.getAttribute('lang')).toBe('vi');
  });

  it('keeps the picture when the browser names neither language and nothing else decides (the page is in the fallback)', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    root.setAttribute('lang', 'en');
    boot();
    expect(root.hasAttribute('data-prerendered')).toBe(false);
  });
});

describe("the prerendered page's layout script", () => {
  afterEach(() => document.body.replaceChildren());

  it("sets each first-screen block's top, as the app's FirstScreen measures it", () => {
    document.body.innerHTML =
      '<div id="prerendered"><div style="height: 0"></div><div data-first-screen-block></div></div>' +
      '<div id="root"><div data-first-screen-block></div></div>';
    const [picture, app] = document.querySelectorAll<HTMLElement>('[data-first-screen-block]');
    vi.spyOn(picture as HTMLElement, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 120.4, width: 300, height: 10 }),
    );
    new Function(prerenderScripts.layout)();
    expect(picture?.style.getPropertyValue('--first-screen-top')).toBe('120px');
    // The app's own block is the app's to measure.
    expect(app?.style.getPropertyValue('--first-screen-top')).toBe('');
  });
});
