import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// Pages are lazy chunks and translations load on first use: on a busy 2-core CI machine the
// first findBy of a test can need more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Test files share one jsdom per worker (isolate: false in vitest.config.ts): whatever a test
// leaves in the document, in storage or in the history is undone before the next one, whichever
// file it is in.
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const root = document.documentElement;
  for (const attribute of ['data-theme', 'lang', 'dir', 'style']) root.removeAttribute(attribute);
  document.body.removeAttribute('style');
  document.title = '';
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());
