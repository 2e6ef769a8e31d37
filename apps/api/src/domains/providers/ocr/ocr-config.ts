import { z } from 'zod';
import { configModule } from '../../../env/config-module.ts';
import { wholeNumber } from '../../../env/variables.ts';

/**
 * The offline OCR engine's settings (tesseract-engine.ts): how many pictures it reads at once,
 * how many may wait, how long one may take and the largest it takes. The defaults suit 2 cores.
 */
export interface OcrConfig {
  /** Worker threads reading at once (each holds a core while it reads, and 40–70 MB). */
  concurrency: number;
  /** Pictures that may wait for a worker; more are refused as busy. */
  queueMax: number;
  /** How long one picture may take once a worker has it. */
  timeoutMs: number;
  /** The largest picture taken, in pixels (width × height). */
  maxPixels: number;
}

export const ocrConfigModule = configModule({
  schema: z.object({
    OCR_CONCURRENCY: wholeNumber(1, 16).optional(),
    OCR_QUEUE_MAX: wholeNumber(0, 100).optional(),
    OCR_TIMEOUT_SECONDS: wholeNumber(5, 600).optional(),
    OCR_MAX_MEGAPIXELS: wholeNumber(1, 100).optional(),
  }),
  toConfig: (env): { ocr: OcrConfig } => ({
    ocr: {
      // One reading at a time leaves the second core to the API and the other tools.
      concurrency: env.OCR_CONCURRENCY ?? 1,
      queueMax: env.OCR_QUEUE_MAX ?? 8,
      // An A4 page at 300 dpi takes 5–10 s on a busy 2-core machine: six times that.
      timeoutMs: (env.OCR_TIMEOUT_SECONDS ?? 60) * 1000,
      // A 300 dpi A4 scan is 8.7 MP and a phone photo 12 MP; 25 leaves room for both.
      maxPixels: (env.OCR_MAX_MEGAPIXELS ?? 25) * 1_000_000,
    },
  }),
});
