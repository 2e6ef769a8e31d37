import { Worker as NodeWorker } from 'node:worker_threads';
import type { Page, Worker } from 'tesseract.js';
import { OcrError } from './ocr-engine.ts';
import { tesseractCodePaths } from './tesseract-data.ts';

/**
 * One long-lived Tesseract worker thread (tesseract.js: Tesseract compiled to WebAssembly),
 * holding the models of one language set. It reads one picture at a time; it is ended, never
 * reused, after a crash, a timeout or a cancel (tesseract.js cannot stop a recognition part-way),
 * and the pool starts another when one is needed.
 */

export interface TesseractWorkerOptions {
  /** `eng`, `vie`, `vie+eng`. */
  languages: string;
  /** The folder holding `<code>.traineddata.gz` (tesseract-data.ts). */
  langPath: string;
}

/** Exactly what tesseract.js is given: local paths only, no cache beside the working directory. */
export function tesseractWorkerOptions(langPath: string) {
  return {
    ...tesseractCodePaths(),
    langPath,
    // No cache: the data is read from the package and unpacked in the thread at each start
    // (milliseconds); with a cache, tesseract.js would look for `./<code>.traineddata` in the
    // process's working directory first.
    cacheMethod: 'none',
    gzip: true,
  };
}

export interface TesseractWorker {
  readonly languages: string;
  /** False once it crashed or was stopped: the pool drops it. */
  readonly usable: boolean;
  /** Loads another language set into the same thread (cheaper than a new thread). */
  switchTo(languages: string): Promise<void>;
  recognize(png: Buffer, onProgress: (fraction: number) => void): Promise<Page>;
  stop(): void;
}

/** tesseract.js keeps the thread on its worker object, untyped. */
function threadOf(worker: Worker): NodeWorker | null {
  const thread: unknown = Reflect.get(worker, 'worker');
  return thread instanceof NodeWorker ? thread : null;
}

export async function startTesseractWorker(
  options: TesseractWorkerOptions,
): Promise<TesseractWorker> {
  // Imported with the first worker, so that starting the API loads nothing of the OCR.
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  let onProgress: ((fraction: number) => void) | null = null;
  let failRunning: ((error: OcrError) => void) | null = null;
  let failStart: ((error: OcrError) => void) | null = null;
  let usable = true;
  const crashed = (detail: string, cause?: unknown) => {
    usable = false;
    const error = new OcrError('failed', 'The text reader stopped unexpectedly; try again.', {
      cause: cause ?? new Error(detail),
    });
    failRunning?.(error);
    failStart?.(error);
  };

  const started = new Promise<Worker>((resolve, reject) => {
    failStart = reject;
    createWorker(options.languages, OEM.LSTM_ONLY, {
      ...tesseractWorkerOptions(options.langPath),
      logger: (message) => {
        if (message.status === 'recognizing text') onProgress?.(message.progress);
      },
      // Without a handler tesseract.js throws from its message listener (an uncaught
      // exception); a failed step also rejects its own promise, which is what is awaited.
      errorHandler: (detail: unknown) => {
        failStart?.(
          new OcrError('failed', 'The text reader could not start.', {
            cause: new Error(String(detail)),
          }),
        );
      },
    }).then(resolve, reject);
  });
  const worker = await started;
  failStart = null;
  const thread = threadOf(worker);
  if (!thread) {
    await worker.terminate();
    throw new OcrError('failed', 'The text reader could not start.', {
      cause: new Error('tesseract.js did not expose its worker thread'),
    });
  }
  // A thread that dies takes its pending promises with it: tesseract.js never settles them.
  thread.on('error', (error) => crashed('error', error));
  thread.on('exit', (code) => crashed(`exit code ${code}`));
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  let languages = options.languages;

  const guarded = <T>(work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!usable) return reject(new OcrError('failed', 'The text reader has stopped.'));
      failRunning = reject;
      work().then(resolve, (cause: unknown) =>
        reject(new OcrError('failed', 'The text reader could not read this picture.', { cause })),
      );
    }).finally(() => {
      failRunning = null;
      onProgress = null;
    });

  return {
    get languages() {
      return languages;
    },
    get usable() {
      return usable;
    },
    async switchTo(next) {
      await guarded(() => worker.reinitialize(next, OEM.LSTM_ONLY));
      await guarded(() => worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO }));
      languages = next;
    },
    recognize(png, progress) {
      return guarded(async () => {
        onProgress = progress;
        const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
        return data;
      });
    },
    stop() {
      usable = false;
      void worker.terminate();
    },
  };
}
