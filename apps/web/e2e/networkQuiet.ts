import { expect, type Page } from '@playwright/test';

/**
 * Counts the page's requests in flight from now on. `untilQuiet(ms)` waits until none has been
 * in flight for `ms`: Playwright's own 'networkidle' (500 ms) can end on a loaded machine in the
 * gap between the entry's scripts and a route's lazy chunk, before the page is there.
 */
export function watchNetwork(page: Page) {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    untilQuiet: (quietMs: number) =>
      expect
        .poll(() => inFlight === 0 && Date.now() - lastActivity >= quietMs, {
          timeout: 20_000,
          intervals: [250],
        })
        .toBe(true),
  };
}
