import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderScripts } from './scripts';

/** Runs the boot script as the page's head would, in this document. */
function boot() {
  new Function(prerenderScripts.boot)();
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
