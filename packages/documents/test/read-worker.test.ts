import { afterAll, describe, expect, it } from 'vitest';
import {
  closeDocumentWorkers,
  DocumentError,
  liveDocumentWorkers,
  readDocumentInWorker,
} from '../src/index.ts';
import { makeDocx } from './fixtures.ts';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

afterAll(async () => {
  await closeDocumentWorkers();
});

describe('reading in a worker thread', () => {
  it('reads a file in the thread and keeps the thread for the next read', async () => {
    const bytes = await makeDocx();
    const cold = performance.now();
    const first = await readDocumentInWorker(bytes, { timeoutMs: 30_000 });
    const warm = performance.now();
    const second = await readDocumentInWorker(bytes, { timeoutMs: 30_000 });
    console.info(
      `DOCX in a worker: ${Math.round(warm - cold)} ms with the thread's start, ${Math.round(performance.now() - warm)} ms reused`,
    );
    expect(first.document.parts[0]?.ref.name).toBe('Giới thiệu dự án');
    expect(second).toEqual(first);
    expect(liveDocumentWorkers()).toBe(1);
    // A refusal comes back as the same DocumentError, and the thread stays usable.
    const refused = await failure(readDocumentInWorker(new Uint8Array(0)));
    expect(refused).toBeInstanceOf(DocumentError);
    expect(refused instanceof DocumentError && refused.code).toBe('empty');
    expect(liveDocumentWorkers()).toBe(1);
  });

  it('terminates a thread that runs out of its time limit', async () => {
    const before = liveDocumentWorkers();
    const error = await failure(
      readDocumentInWorker(await makeDocx(), { timeoutMs: 5, maxMemoryMb: 256 }),
    );
    expect(error instanceof DocumentError && error.code).toBe('timeout');
    await expect.poll(liveDocumentWorkers).toBe(before);
  });

  it('terminates a thread that runs out of memory', async () => {
    // 8 MB of heap is not enough to load the readers at all.
    const error = await failure(readDocumentInWorker(await makeDocx(), { maxMemoryMb: 8 }));
    expect(error instanceof DocumentError && error.code).toBe('out-of-memory');
  });

  it('ends the read when cancelled', async () => {
    const controller = new AbortController();
    const reading = failure(
      readDocumentInWorker(await makeDocx(), { maxMemoryMb: 384 }, controller.signal),
    );
    controller.abort();
    const error = await reading;
    expect(error instanceof DocumentError && error.code).toBe('cancelled');
    const already = await failure(readDocumentInWorker(new Uint8Array(1), {}, controller.signal));
    expect(already instanceof DocumentError && already.code).toBe('cancelled');
  });
});
