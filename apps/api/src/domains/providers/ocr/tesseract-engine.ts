import {
  type OcrEngine,
  OcrError,
  type OcrLanguage,
  ocrLanguages,
  type OcrRequest,
  type OcrResult,
} from './ocr-engine.ts';
import { enlargeImage, type PreparedImage, prepareImage } from './ocr-image.ts';
import {
  defaultLanguageFiles,
  type LanguageFolder,
  prepareLanguageFolder,
  type TesseractCode,
  tesseractLanguagesFor,
} from './tesseract-data.ts';
import { medianLineHeight, resultOfPage } from './tesseract-result.ts';
import { startTesseractWorker, type TesseractWorker } from './tesseract-worker.ts';

export interface TesseractEngineOptions {
  /** Pictures read at once: one worker thread (one core while it reads) each. */
  concurrency: number;
  /** Pictures that may wait for a worker; one more is refused as busy. */
  maxQueue: number;
  /** How long one picture may take once a worker has it (its start included). */
  timeoutMs: number;
  /** The largest picture taken (width × height, as sent). */
  maxPixels: number;
  /** The language data, `<code>.traineddata.gz`; default: the npm packages' files. */
  languageFiles?: Record<TesseractCode, string>;
}

/**
 * Lines shorter than this (in pixels) are read again at twice the size: measured on 16 px
 * DejaVu Sans (lines 15–17 px tall), the second reading got the full stops and an "l" the
 * first missed (99.0–99.5 % → 100 %); on pictures whose lines are 20 px or more it gained
 * nothing, and on blurred JPEG text it did worse.
 */
const smallLinePixels = 20;
const enlargement = 2;
/** The share of the progress the first reading fills when a second one may follow. */
const firstReadingShare = 0.9;

interface Waiting {
  start(): void;
  fail(error: OcrError): void;
}

/**
 * Offline OCR with Tesseract (tesseract.js 7, WebAssembly) in English and Vietnamese. Nothing is
 * loaded until the first picture: then the language data is checked and linked, and a worker
 * thread started; workers are kept for the next pictures, one per language set (`eng`, `vie`,
 * `vie+eng`) up to `concurrency`, an idle one switching sets when no other is free.
 * Pictures beyond the workers wait, up to `maxQueue`. A picture cancelled or over its time
 * ends its worker (Tesseract cannot stop part-way), which the next picture replaces.
 */
export function createTesseractEngine(options: TesseractEngineOptions): OcrEngine {
  const concurrency = Math.max(1, options.concurrency);
  const files = options.languageFiles ?? defaultLanguageFiles();
  let folder: Promise<LanguageFolder> | null = null;
  const idle: TesseractWorker[] = [];
  const queue: Waiting[] = [];
  /** Pictures holding a worker slot, counted when the slot is given (before any await). */
  let active = 0;
  /** How each reading picture is ended early (cancel, timeout, close). */
  const running = new Set<(error: OcrError) => void>();
  let closed = false;

  /**
   * Pictures taken in and not yet answered: being decoded, waiting or being read. Counted when
   * a picture comes in, before any await, so a burst is refused by its size, not by the order
   * its decoding happens to end in.
   */
  let admitted = 0;
  const full = () => admitted >= concurrency + options.maxQueue;
  const busy = () =>
    new OcrError('busy', 'The text reader is busy with other pictures; try again in a moment.');

  const shuttingDown = () => new OcrError('failed', 'The text reader is shutting down.');

  function languageFolder(): Promise<LanguageFolder> {
    folder ??= prepareLanguageFolder(files);
    // A failed check is tried again by the next picture (the package may have been reinstalled).
    folder.catch(() => {
      folder = null;
    });
    return folder;
  }

  /** Waits for a free worker slot, in order (admission has bounded the queue). */
  function turn(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(cancelled());
    if (active < concurrency && queue.length === 0) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        queue.splice(queue.indexOf(waiting), 1);
        reject(cancelled());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      queue.push(waiting);
    });
  }

  function next() {
    while (queue.length > 0 && active < concurrency) {
      active += 1;
      queue.shift()?.start();
    }
  }

  function release() {
    active -= 1;
    next();
  }

  /** A worker for these languages: an idle one that has them, a new one, or an idle one switched. */
  async function workerFor(languages: string): Promise<TesseractWorker> {
    const same = idle.findIndex((worker) => worker.languages === languages);
    if (same >= 0) return idle.splice(same, 1)[0] ?? Promise.reject(shuttingDown());
    // `active` counts this picture already.
    if (active + idle.length <= concurrency) {
      const { path } = await languageFolder();
      return startTesseractWorker({ languages, langPath: path });
    }
    const other = idle.shift();
    if (!other) throw shuttingDown();
    try {
      await other.switchTo(languages);
    } catch (error) {
      other.stop();
      throw error;
    }
    return other;
  }

  async function read(
    prepared: PreparedImage,
    languages: string,
    request: OcrRequest,
    progress: (fraction: number) => void,
  ): Promise<OcrResult> {
    return new Promise<OcrResult>((resolve, reject) => {
      let worker: TesseractWorker | null = null;
      let settled = false;
      const finish = (error: OcrError | null, result?: OcrResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
        running.delete(abandon);
        if (error) worker?.stop();
        else if (worker?.usable && !closed) idle.push(worker);
        release();
        if (error) reject(error);
        else if (result) resolve(result);
      };
      const abandon = (error: OcrError) => finish(error);
      const onAbort = () => abandon(cancelled());
      const timer = setTimeout(
        () =>
          abandon(
            new OcrError(
              'timeout',
              `Reading the picture took longer than ${Math.round(options.timeoutMs / 1000)} s; try a smaller or clearer picture.`,
            ),
          ),
        options.timeoutMs,
      );
      running.add(abandon);
      request.signal.addEventListener('abort', onAbort, { once: true });

      (async () => {
        const started = await workerFor(languages);
        // A worker that arrives after its picture was given up is ended: nobody will free it.
        if (settled) return started.stop();
        worker = started;
        const small = prepared.width * prepared.height * enlargement ** 2 <= options.maxPixels;
        const first = await started.recognize(prepared.png, (fraction) =>
          progress(fraction * (small ? firstReadingShare : 1)),
        );
        const height = medianLineHeight(first);
        if (!small || (height !== null && height >= smallLinePixels) || settled) {
          return finish(null, resultOfPage(first, prepared, 1));
        }
        const enlarged = await enlargeImage(prepared.png, enlargement);
        const second = await started.recognize(enlarged, (fraction) =>
          progress(firstReadingShare + fraction * (1 - firstReadingShare)),
        );
        finish(null, resultOfPage(second, prepared, enlargement));
      })().catch((error: unknown) =>
        abandon(
          error instanceof OcrError
            ? error
            : new OcrError('failed', 'The text reader could not read this picture.', {
                cause: error,
              }),
        ),
      );
    });
  }

  async function recognize(image: Buffer, request: OcrRequest): Promise<OcrResult> {
    if (closed) throw shuttingDown();
    if (request.signal.aborted) throw cancelled();
    if (full()) throw busy();
    admitted += 1;
    try {
      return await admittedRecognize(image, request);
    } finally {
      admitted -= 1;
    }
  }

  async function admittedRecognize(image: Buffer, request: OcrRequest): Promise<OcrResult> {
    const languages = tesseractLanguagesFor(
      request.languages.length > 0 ? request.languages : ocrLanguages,
    );
    let last = 0;
    const progress = (fraction: number) => {
      const next = Math.min(1, Math.max(last, fraction));
      if (next > last) request.onProgress?.(next);
      last = next;
    };
    // Refused before any wait, and decoded before taking a worker, so a worker only reads.
    const prepared = await prepareImage(image, options.maxPixels);
    await turn(request.signal);
    if (closed || request.signal.aborted) {
      release();
      throw closed ? shuttingDown() : cancelled();
    }
    const result = await read(prepared, languages, request, progress);
    progress(1);
    return result;
  }

  return {
    languages: (): readonly OcrLanguage[] => ocrLanguages,
    recognize,
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.fail(shuttingDown());
      for (const abandon of [...running]) abandon(shuttingDown());
      for (const worker of idle.splice(0)) worker.stop();
      const prepared = folder;
      folder = null;
      await prepared?.then((done) => done.remove()).catch(() => undefined);
    },
  };
}

function cancelled(): OcrError {
  return new OcrError('cancelled', 'Reading the picture was cancelled.');
}
