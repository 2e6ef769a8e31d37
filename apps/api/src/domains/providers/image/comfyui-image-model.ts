import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMAGE_SEED_MAX } from '@studio/contracts';
import { type ComfyWorkflow, fillComfyWorkflow } from './comfyui-workflow.ts';
import { ImageProviderError } from './image-provider-error.ts';
import {
  bestEffort,
  type FetchFunction,
  type ImageModelV3,
  type ImageModelV3CallOptions,
  type ImageModelV3Result,
  isRecord,
  requestBytes,
  requestJson,
  withoutTrailingSlash,
} from './provider-http.ts';

/**
 * ComfyUI as an AI SDK image model: the workflow (COMFYUI_WORKFLOW) filled with the request's
 * values, queued with `POST /prompt`, followed with `GET /history/{id}` until its outputs appear,
 * and each saved picture fetched with `GET /view`. Text to image only: the workflow takes no
 * picture. The seed each picture was made with is in `providerMetadata.comfyui.images[i].seed`.
 */

export interface ComfyUISettings {
  baseURL: string;
  /** Sent as a bearer token (ComfyUI itself has none; a proxy in front of it may). */
  apiKey: string | null;
  workflow: ComfyWorkflow;
  fetch?: FetchFunction;
  /** How often the history is asked (ms); ComfyUI pictures take seconds to minutes. */
  pollIntervalMs?: number;
}

/** The provider options key: `providerOptions.comfyui.negativePrompt`. */
export const comfyuiOptionsKey = 'comfyui';

interface SavedImage {
  filename: string;
  subfolder: string;
  type: string;
}

function savedImagesOf(outputs: unknown): SavedImage[] {
  if (!isRecord(outputs)) return [];
  const images = Object.values(outputs).flatMap((output) =>
    isRecord(output) && Array.isArray(output.images) ? (output.images as unknown[]) : [],
  );
  const saved = images.filter(
    (image): image is SavedImage =>
      isRecord(image) &&
      typeof image.filename === 'string' &&
      typeof image.subfolder === 'string' &&
      typeof image.type === 'string',
  );
  // SaveImage writes `output`; PreviewImage writes `temp`: the saved ones when there are any.
  const kept = saved.filter((image) => image.type === 'output');
  return kept.length > 0 ? kept : saved;
}

export function createComfyUIImageModel(modelId: string, settings: ComfyUISettings): ImageModelV3 {
  const base = withoutTrailingSlash(settings.baseURL);
  const fetch = settings.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = settings.apiKey
    ? { authorization: `Bearer ${settings.apiKey}` }
    : {};
  const pollIntervalMs = settings.pollIntervalMs ?? 750;
  const hasSeed = settings.workflow.placeholders.includes('seed');

  /** Drops the prompt from the queue, or stops it if it is the one running. */
  async function cancel(promptId: string): Promise<void> {
    await bestEffort(async (signal) => {
      await requestJson(fetch, `${base}/queue`, { headers, body: { delete: [promptId] }, signal });
      const queue = await requestJson(fetch, `${base}/queue`, { headers, signal });
      const running =
        isRecord(queue) && Array.isArray(queue.queue_running) ? queue.queue_running : [];
      if (running.some((entry) => Array.isArray(entry) && entry[1] === promptId)) {
        // With prompt_id, ComfyUI stops only this prompt (never another client's).
        await requestJson(fetch, `${base}/interrupt`, {
          headers,
          body: { prompt_id: promptId },
          signal,
        });
      }
    });
  }

  async function waitForOutputs(promptId: string, signal: AbortSignal | undefined) {
    for (;;) {
      await sleep(pollIntervalMs, undefined, signal ? { signal } : {});
      const history = await requestJson(fetch, `${base}/history/${encodeURIComponent(promptId)}`, {
        headers,
        signal,
      });
      const entry = isRecord(history) ? history[promptId] : undefined;
      if (!isRecord(entry)) continue;
      const status = isRecord(entry.status) ? entry.status : {};
      if (status.status_str === 'error') {
        // Its execution_error names a node and says why in words that may quote the prompt:
        // only that the run failed is kept.
        throw new ImageProviderError('unavailable', {
          failure: { kind: 'engine', status: null, retryAfterSeconds: null },
        });
      }
      const images = savedImagesOf(entry.outputs);
      if (images.length > 0 || status.completed === true) return images;
    }
  }

  async function doGenerate(options: ImageModelV3CallOptions): Promise<ImageModelV3Result> {
    if ((options.files?.length ?? 0) > 0 || options.mask) {
      throw new ImageProviderError('cannotEdit');
    }
    const [width, height] = (options.size ?? '1024x1024').split('x').map(Number);
    const seed = options.seed ?? randomInt(IMAGE_SEED_MAX + 1);
    const extra = options.providerOptions[comfyuiOptionsKey] ?? {};
    const negativePrompt = typeof extra.negativePrompt === 'string' ? extra.negativePrompt : '';
    const signal = options.abortSignal;
    // The prompt's id is ours (ComfyUI takes a client's `prompt_id`): a job cancelled while
    // ComfyUI is still answering the POST can then still take its prompt off the queue, rather
    // than leave a run nobody will collect.
    const ownId = randomUUID();
    let queued: unknown;
    try {
      queued = await requestJson(fetch, `${base}/prompt`, {
        headers,
        body: {
          prompt: fillComfyWorkflow(settings.workflow, {
            prompt: options.prompt ?? '',
            negative_prompt: negativePrompt,
            seed,
            width: width ?? 1024,
            height: height ?? 1024,
            batch_size: options.n,
          }),
          client_id: randomUUID(),
          prompt_id: ownId,
        },
        signal,
      });
    } catch (error) {
      if (signal?.aborted) await cancel(ownId);
      throw error;
    }
    // An older ComfyUI ignores a client's id and answers its own.
    const promptId =
      isRecord(queued) && typeof queued.prompt_id === 'string' ? queued.prompt_id : null;
    if (!promptId) {
      throw new ImageProviderError('unavailable', {
        failure: { kind: 'malformed', status: null, retryAfterSeconds: null },
      });
    }
    let saved: SavedImage[];
    try {
      saved = await waitForOutputs(promptId, signal);
    } catch (error) {
      if (signal?.aborted) await cancel(promptId);
      throw error;
    }
    const images = await Promise.all(
      saved.map((image) =>
        requestBytes(
          fetch,
          `${base}/view?${new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type })}`,
          { headers, signal },
        ),
      ),
    );
    return {
      images,
      warnings: [],
      providerMetadata: {
        // Without {{seed}} the workflow's own seed is used, which this app cannot know.
        [comfyuiOptionsKey]: { images: images.map(() => ({ seed: hasSeed ? seed : null })) },
      },
      response: { timestamp: new Date(), modelId, headers: undefined },
    };
  }

  return {
    specificationVersion: 'v3',
    provider: 'comfyui',
    modelId,
    // With {{seed}}, one picture a run, each with its own seed, so every one can be made again.
    maxImagesPerCall: hasSeed ? 1 : 4,
    doGenerate,
  };
}
