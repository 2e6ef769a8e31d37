/**
 * The composer's render thread: the API's composer engine
 * (apps/api/src/domains/providers/music/composer-engine.ts) starts it and posts one render at a
 * time, { arrangement, stems, soundFontPath }, and receives progress messages, then
 * { type: 'done', mix, stems } (16-bit interleaved stereo at 44.1 kHz) or { type: 'error' }.
 * Why a thread: rendering is seconds of synchronous arithmetic that would stall the API's event
 * loop. The sound font is loaded once, on the first render, and kept for the next ones.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { arrangement as arrangementSchema } from './arrangement.ts';
import { loadSoundFont, renderArrangement, type SoundFont } from './render.ts';

/** What the engine passes as workerData, so the module does nothing when imported elsewhere. */
export const renderWorkerRole = 'studio-composer-render';

const renderRequest = z.object({
  arrangement: arrangementSchema,
  stems: z.boolean(),
  soundFontPath: z.string().min(1),
});
export type RenderRequest = z.input<typeof renderRequest>;

export type RenderMessage =
  | { type: 'progress'; stage: 'loading' | 'rendering' | 'stems'; fraction: number }
  | {
      type: 'done';
      mix: Int16Array;
      stems: { instrument: string; samples: Int16Array }[];
    }
  | { type: 'error'; message: string };

const port = parentPort;
if (port && workerData === renderWorkerRole) {
  let soundFont: Promise<SoundFont> | null = null;
  const send = (message: RenderMessage, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);

  port.on('message', (value: unknown) => {
    void (async () => {
      try {
        const request = renderRequest.parse(value);
        if (!soundFont) {
          send({ type: 'progress', stage: 'loading', fraction: 0 });
          soundFont = loadSoundFont(request.soundFontPath);
          soundFont.catch(() => {
            soundFont = null;
          });
        }
        const font = await soundFont;
        const mix = await renderArrangement(request.arrangement, font, {
          onProgress: (fraction) => send({ type: 'progress', stage: 'rendering', fraction }),
        });
        const stems: { instrument: string; samples: Int16Array }[] = [];
        if (request.stems) {
          const instruments = request.arrangement.settings.instruments;
          for (const [index, instrument] of instruments.entries()) {
            const stem = await renderArrangement(request.arrangement, font, {
              only: instrument,
              gain: mix.gain,
              onProgress: (fraction) =>
                send({
                  type: 'progress',
                  stage: 'stems',
                  fraction: (index + fraction) / instruments.length,
                }),
            });
            stems.push({ instrument, samples: stem.samples });
          }
        }
        send({ type: 'done', mix: mix.samples, stems }, [
          mix.samples.buffer as ArrayBuffer,
          ...stems.map((stem) => stem.samples.buffer as ArrayBuffer),
        ]);
      } catch (error) {
        send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
}
