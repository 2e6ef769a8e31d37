import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration, positionKey } from './ScrollRestoration';

const STORAGE_KEY = 'react-router-scroll-positions';

/** The document as the browser says it was reached. */
function reachedBy(type: NavigationTimingType) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type } as unknown as PerformanceEntry,
  ]);
}

function openAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

describe('ScrollRestoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    // 'default' is where an earlier version kept every document's first entry, whatever its page.
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ default: 181, 'default:/': 181, 'default:/home': 300 }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("keeps a document's first entry apart by its path", () => {
    expect(positionKey('default', '/home')).toBe('default:/home');
    expect(positionKey('k3x9', '/home')).toBe('k3x9');
  });

  it('opens a page afresh at its top, whatever position another page was left at', () => {
    reachedBy('navigate');
    openAt('/home');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('returns a reloaded page to where the reader was on it', () => {
    reachedBy('reload');
    openAt('/home');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('returns to the page reached by Back from another site', () => {
    reachedBy('back_forward');
    openAt('/');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 181);
  });

  it('starts a reloaded page it has no position for at its top', () => {
    reachedBy('reload');
    openAt('/plans');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
