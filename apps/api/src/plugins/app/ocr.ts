import fp from 'fastify-plugin';
import type { OcrEngine } from '../../domains/providers/ocr/ocr-engine.ts';
import { createTesseractEngine } from '../../domains/providers/ocr/tesseract-engine.ts';

/** Tests may hand in their own engine; the offline Tesseract engine is used otherwise. */
export interface OcrPluginOptions {
  engine?: OcrEngine;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's one OCR engine (OCR_* settings), shared by every tool that reads pictures (the
     * vision tool, the office tools' scanned pages): one bounded queue of worker threads, so two
     * tools cannot each take the machine's cores.
     */
    ocr: OcrEngine;
  }
}

/**
 * The shared OCR engine. Its workers start on the first picture, not here, so an app that never
 * reads one pays nothing; they end when the app closes.
 */
export const ocrPlugin = fp<OcrPluginOptions>(
  async (app, options) => {
    const { concurrency, queueMax, timeoutMs, maxPixels } = app.config.ocr;
    const engine =
      options.engine ??
      createTesseractEngine({ concurrency, maxQueue: queueMax, timeoutMs, maxPixels });
    app.decorate('ocr', engine);
    // An engine handed in is its giver's to close (tests share one between apps).
    if (!options.engine) {
      app.addHook('onClose', async () => {
        await engine.close();
      });
    }
  },
  { name: 'ocr', dependencies: ['config'] },
);
