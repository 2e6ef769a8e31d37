import { ImageProviderError } from './image-provider-error.ts';
import {
  base64Of,
  bestEffort,
  type FetchFunction,
  type ImageModelV3,
  type ImageModelV3CallOptions,
  type ImageModelV3Result,
  isRecord,
  requestJson,
  withoutTrailingSlash,
} from './provider-http.ts';

/**
 * AUTOMATIC1111's web UI (and Forge, which keeps its API) as an AI SDK image model: `POST
 * /sdapi/v1/txt2img` to generate, `POST /sdapi/v1/img2img` to change a picture (with a mask:
 * inpainting). Every picture's seed comes back in `info.all_seeds`, and is passed on in
 * `providerMetadata.automatic1111.images[i].seed`.
 */

export interface Automatic1111Settings {
  baseURL: string;
  /** --api-auth user and password (HTTP basic auth), or null when it is not set. */
  username: string | null;
  password: string | null;
  fetch?: FetchFunction;
}

/** The provider options key: `negativePrompt`, `denoisingStrength` (img2img). */
export const automatic1111OptionsKey = 'automatic1111';

/** A1111's default step count; the server's own sampler and scheduler defaults apply. */
const steps = 20;
/** How far an edit may move from its source (0 keeps it, 1 ignores it). */
const defaultDenoisingStrength = 0.75;

function seedsOf(info: unknown): number[] {
  if (typeof info !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(info);
    if (!isRecord(parsed)) return [];
    if (Array.isArray(parsed.all_seeds)) {
      return parsed.all_seeds.filter((seed): seed is number => Number.isSafeInteger(seed));
    }
    return Number.isSafeInteger(parsed.seed) ? [parsed.seed as number] : [];
  } catch {
    return [];
  }
}

export function createAutomatic1111ImageModel(
  modelId: string,
  settings: Automatic1111Settings,
): ImageModelV3 {
  const base = withoutTrailingSlash(settings.baseURL);
  const fetch = settings.fetch ?? globalThis.fetch;
  const headers: Record<string, string> =
    settings.username !== null && settings.password !== null
      ? {
          authorization: `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`,
        }
      : {};

  async function doGenerate(options: ImageModelV3CallOptions): Promise<ImageModelV3Result> {
    const [width, height] = (options.size ?? '1024x1024').split('x').map(Number);
    const extra = options.providerOptions[automatic1111OptionsKey] ?? {};
    const source = options.files?.[0];
    const common = {
      prompt: options.prompt ?? '',
      negative_prompt: typeof extra.negativePrompt === 'string' ? extra.negativePrompt : '',
      // -1: A1111 picks one (and reports it).
      seed: options.seed ?? -1,
      width,
      height,
      batch_size: options.n,
      n_iter: 1,
      steps,
    };
    const body = source
      ? {
          ...common,
          init_images: [base64Of(source)],
          denoising_strength:
            typeof extra.denoisingStrength === 'number'
              ? extra.denoisingStrength
              : defaultDenoisingStrength,
          ...(options.mask
            ? {
                // White where it may change (the registry turned our transparent mask into that).
                mask: base64Of(options.mask),
                mask_blur: 4,
                // 1: start from the original pixels under the mask.
                inpainting_fill: 1,
                inpaint_full_res: false,
                inpainting_mask_invert: 0,
              }
            : {}),
        }
      : common;
    const path = source ? '/sdapi/v1/img2img' : '/sdapi/v1/txt2img';
    let answer: unknown;
    try {
      answer = await requestJson(fetch, `${base}${path}`, {
        headers,
        body,
        signal: options.abortSignal,
      });
    } catch (error) {
      if (options.abortSignal?.aborted) {
        // A1111 runs one job at a time: stop it rather than let it finish for nobody.
        await bestEffort((signal) =>
          requestJson(fetch, `${base}/sdapi/v1/interrupt`, { headers, body: {}, signal }),
        );
      }
      throw error;
    }
    if (!isRecord(answer) || !Array.isArray(answer.images)) {
      // Answered, but not with pictures: not its protocol.
      throw new ImageProviderError('unavailable', {
        retryable: true,
        failure: { kind: 'malformed', status: null, retryAfterSeconds: null },
      });
    }
    // Extensions (ControlNet…) may append their own pictures after the batch.
    const images = answer.images
      .filter((image): image is string => typeof image === 'string')
      .slice(0, options.n);
    const seeds = seedsOf(answer.info);
    return {
      images,
      warnings: [],
      providerMetadata: {
        [automatic1111OptionsKey]: {
          images: images.map((_, index) => ({ seed: seeds[index] ?? null })),
        },
      },
      response: { timestamp: new Date(), modelId, headers: undefined },
    };
  }

  return {
    specificationVersion: 'v3',
    provider: 'automatic1111',
    modelId,
    maxImagesPerCall: 4,
    doGenerate,
  };
}
