import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOffLimitMs, handOffWhenReady } from './handOff';

const root = document.documentElement;

function page() {
  document.body.innerHTML =
    '<div id="prerendered" inert aria-hidden="true"><main>picture</main></div><div id="root"></div>';
  return document.getElementById('root') as HTMLElement;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the hand-off from the prerendered picture to the app', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
    root.removeAttribute('data-prerendered');
  });

  it("keeps the picture while the app's screen is empty or waiting, and hands off once nothing waits", async () => {
    const container = page();
    handOffWhenReady(container);
    container.innerHTML = '<main><div aria-busy="true">loading</div></main>';
    await settle();
    expect(document.getElementById('prerendered')).not.toBeNull();
    expect(root.hasAttribute('data-prerendered')).toBe(false);

    container.querySelector('[aria-busy]')?.setAttribute('aria-busy', 'false');
    await settle();
    expect(document.getElementById('prerendered')).toBeNull();
    expect(root.getAttribute('data-prerendered')).toBe('off');
  });

  it('does not wait for something busy outside the page (a header control)', async () => {
    const container = page();
    handOffWhenReady(container);
    container.innerHTML = '<header><span aria-busy="true"></span></header><main>page</main>';
    await settle();
    expect(document.getElementById('prerendered')).toBeNull();
  });

  it('shows the app after the time limit, waiting or not', () => {
    vi.useFakeTimers();
    const container = page();
    handOffWhenReady(container);
    container.innerHTML = '<div aria-busy="true"></div>';
    vi.advanceTimersByTime(handOffLimitMs);
    expect(document.getElementById('prerendered')).toBeNull();
  });

  it('drops a picture the boot script turned off at once', () => {
    const container = page();
    root.setAttribute('data-prerendered', 'off');
    handOffWhenReady(container);
    expect(document.getElementById('prerendered')).toBeNull();
  });

  it('does nothing on a page served without a picture', () => {
    document.body.innerHTML = '<div id="root"></div>';
    handOffWhenReady(document.getElementById('root') as HTMLElement);
    expect(root.hasAttribute('data-prerendered')).toBe(false);
  });
});
