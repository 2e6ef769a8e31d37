import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// Pages are lazy chunks and translations load on first use: on a busy 2-core CI machine the
// first findBy of a test can need more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom's Blob has no stream(), which Node's Response needs when MSW answers an XMLHttpRequest
// made with responseType 'blob' (axios fetching an image): without it the reply is an unhandled
// rejection instead of the picture. A browser's Blob has it.
if (typeof Blob.prototype.stream !== 'function') {
  Blob.prototype.stream = function stream(this: Blob) {
    const bytes = this.arrayBuffer();
    return new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(await bytes));
        controller.close();
      },
    });
  } as Blob['stream'];
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterAll(() => server.close());
