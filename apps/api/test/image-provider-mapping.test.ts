import { APICallError } from 'ai';
import { MockImageModelV3 } from 'ai/test';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateImages } from '../src/domains/images/generate-images.ts';
import type {
  ImageModelDefinition,
  ImageModelRuntime,
} from '../src/domains/providers/image/image-models.ts';
import {
  ImageProviderError,
  imageProviderTexts,
} from '../src/domains/providers/image/image-provider-error.ts';
import { generationInput } from './support/image-generation-input.ts';

/**
 * The one generation call with the AI SDK's mock image model: what each provider kind is asked
 * (sizes, extras, seeds, pictures, masks) and how what comes back is counted.
 */

type CallOptions = Parameters<MockImageModelV3['doGenerate']>[0];

const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function mockModel(
  answer: (options: CallOptions) => { images: Uint8Array[]; metadata?: unknown } | Error,
  maxImagesPerCall = 4,
) {
  const calls: CallOptions[] = [];
  const model = new MockImageModelV3({
    maxImagesPerCall,
    doGenerate: async (options) => {
      calls.push(options);
      const result = answer(options);
      if (result instanceof Error) throw result;
      return {
        images: result.images,
        warnings: [],
        response: { timestamp: new Date(), modelId: 'mock', headers: undefined },
        ...(result.metadata ? { providerMetadata: result.metadata as never } : {}),
      };
    },
  });
  return { model, calls };
}

const pictures = (count: number) => Array.from({ length: count }, () => new Uint8Array(tinyPng));

function definition(overrides: Partial<ImageModelDefinition>): ImageModelDefinition {
  return {
    id: 'm',
    name: 'M',
    provider: 'openai-compatible',
    model: 'sd',
    capabilities: [
      'edit',
      'mask',
      'variation',
      'negative-prompt',
      'seed',
      'reference-images',
      'style',
    ],
    plan: 'free',
    baseURL: null,
    ...overrides,
  };
}

const input = generationInput;

const context = { now: () => new Date() };

function runtime(
  model: MockImageModelV3,
  overrides: Partial<ImageModelRuntime> = {},
): ImageModelRuntime {
  return {
    model,
    extras: { kind: 'body', key: 'local' },
    mask: 'transparent',
    seedPerVariant: true,
    ...overrides,
  };
}

describe('generateImages', () => {
  it('maps the aspect ratio to each model family', async () => {
    const { model, calls } = mockModel(() => ({ images: pictures(1) }));
    const cases: [Partial<ImageModelDefinition>, Partial<CallOptions>][] = [
      [{ provider: 'openai', model: 'dall-e-3', capabilities: [] }, { size: '1792x1024' }],
      [{ provider: 'openai', model: 'gpt-image-1', capabilities: [] }, { size: '1536x1024' }],
      [
        { provider: 'google', model: 'imagen-4.0-generate-001', capabilities: [] },
        { aspectRatio: '16:9' },
      ],
      [{ provider: 'fal', model: 'fal-ai/flux/dev', capabilities: [] }, { aspectRatio: '16:9' }],
      [{ provider: 'automatic1111', model: 'sdxl', capabilities: [] }, { size: '1344x768' }],
    ];
    for (const [model_, expected] of cases) {
      await generateImages(
        definition(model_),
        runtime(model),
        input({ aspectRatio: '16:9' }),
        context,
      );
      expect(calls.at(-1)).toMatchObject(expected);
    }
  });

  it('sends the negative prompt, seed and style as body fields to OpenAI-protocol servers, and the style words always', async () => {
    const { model, calls } = mockModel(() => ({ images: pictures(1) }));
    await generateImages(
      definition({}),
      runtime(model),
      input({ negativePrompt: 'fog', seed: 7, style: 'manga' }),
      context,
    );
    expect(calls[0]).toMatchObject({
      prompt:
        'a lighthouse at dusk, manga style, black-and-white ink drawing, screentone shading, bold lines',
      seed: undefined,
      providerOptions: { local: { negative_prompt: 'fog', seed: 7, style: 'manga' } },
    });
  });

  it('gives every variant of a seeded request its own seed, and reports it', async () => {
    const { model, calls } = mockModel(() => ({ images: pictures(1) }));
    const output = await generateImages(
      definition({ provider: 'fal', model: 'fal-ai/flux/dev' }),
      runtime(model, {
        extras: { kind: 'options', key: 'fal', negativePromptField: 'negative_prompt' },
      }),
      input({ count: 3, seed: 4_294_967_294, negativePrompt: 'text' }),
      context,
    );
    expect(calls.map((call) => [call.n, call.seed])).toEqual([
      [1, 4_294_967_294],
      [1, 4_294_967_295],
      [1, 0],
    ]);
    expect(calls[0]?.providerOptions).toEqual({ fal: { negative_prompt: 'text' } });
    expect(output.images.map((image) => image.seed)).toEqual([4_294_967_294, 4_294_967_295, 0]);
  });

  it("reads each picture's seed from the provider's metadata when it batches", async () => {
    const { model, calls } = mockModel(() => ({
      images: pictures(2),
      metadata: { automatic1111: { images: [{ seed: 10 }, { seed: 11 }] } },
    }));
    const output = await generateImages(
      definition({ provider: 'automatic1111' }),
      runtime(model, {
        extras: { kind: 'options', key: 'automatic1111', negativePromptField: 'negativePrompt' },
        seedPerVariant: false,
      }),
      input({ count: 2, seed: 10 }),
      context,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ n: 2, seed: 10 });
    expect(output.images.map((image) => image.seed)).toEqual([10, 11]);
  });

  it('returns a short count as it came, never padded, and never more than asked', async () => {
    const short = mockModel((options) => ({ images: pictures(options.n - 1) }));
    const output = await generateImages(
      definition({}),
      runtime(short.model),
      input({ count: 3 }),
      context,
    );
    expect(output.images).toHaveLength(2);
    const long = mockModel(() => ({ images: pictures(5) }));
    expect(
      (await generateImages(definition({}), runtime(long.model), input({ count: 2 }), context))
        .images,
    ).toHaveLength(2);
  });

  it('fails with noImage when nothing came', async () => {
    const { model } = mockModel(() => ({ images: [] }));
    await expect(
      generateImages(definition({}), runtime(model), input(), context),
    ).rejects.toMatchObject({
      code: 'noImage',
      message: imageProviderTexts.noImage,
    });
  });

  it('keeps the pictures that came when some calls failed, and says so', async () => {
    let call = 0;
    const { model } = mockModel(() => {
      call += 1;
      return call === 2
        ? new APICallError({
            message: 'busy',
            url: 'http://x',
            requestBodyValues: {},
            statusCode: 503,
          })
        : { images: pictures(1) };
    });
    const output = await generateImages(
      definition({}),
      runtime(model),
      input({ count: 3, seed: 1 }),
      context,
    );
    expect(output.images).toHaveLength(2);
    expect(output.warnings.join('\n')).toMatch(/^1 of 3 calls failed \(unavailable, http 503\)$/m);
  });

  it('turns provider errors into texts for the user, keeping nothing the provider said', async () => {
    const echo = mockModel(
      () =>
        new APICallError({
          message: 'Incorrect API key provided: sk-secret-key-123456',
          url: 'http://x',
          requestBodyValues: {},
          statusCode: 401,
          responseBody: '{"error":{"message":"Incorrect API key provided: sk-secret-key-123456"}}',
        }),
    );
    const error = await generateImages(definition({}), runtime(echo.model), input(), context).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImageProviderError);
    expect(error).toMatchObject({ code: 'misconfigured', retryable: false, status: 401 });
    const failed = error as ImageProviderError;
    expect(failed.failure).toEqual({ kind: 'unauthorized', status: 401, retryAfterSeconds: null });
    expect(JSON.stringify(failed)).not.toContain('Incorrect API key');
    expect(`${failed.message} ${failed.stack}`).not.toContain('sk-secret-key-123456');

    const refused = mockModel(
      () =>
        new APICallError({
          message: 'Your request was rejected as a result of our safety system.',
          url: 'http://x',
          requestBodyValues: {},
          statusCode: 400,
        }),
    );
    await expect(
      generateImages(definition({}), runtime(refused.model), input(), context),
    ).rejects.toMatchObject({ code: 'refused', retryable: false });
    const limited = mockModel(
      () =>
        new APICallError({
          message: 'slow down',
          url: 'http://x',
          requestBodyValues: {},
          statusCode: 429,
        }),
    );
    await expect(
      generateImages(definition({}), runtime(limited.model), input(), context),
    ).rejects.toMatchObject({ code: 'rateLimited', retryable: true });
  });

  it('refuses what the model cannot do before calling it', async () => {
    const { model, calls } = mockModel(() => ({ images: pictures(1) }));
    const source = { data: new Uint8Array(tinyPng), mediaType: 'image/png', width: 1, height: 1 };
    const bare = definition({ capabilities: [] });
    await expect(
      generateImages(bare, runtime(model), input({ mode: 'edit', source }), context),
    ).rejects.toMatchObject({
      code: 'cannotEdit',
    });
    await expect(
      generateImages(bare, runtime(model), input({ mode: 'variation', source }), context),
    ).rejects.toMatchObject({ code: 'cannotVary' });
    await expect(
      generateImages(bare, runtime(model), input({ references: [source] }), context),
    ).rejects.toMatchObject({ code: 'cannotFollowReferences' });
    await expect(
      generateImages(
        definition({ capabilities: ['edit'] }),
        runtime(model),
        input({ mode: 'edit', source, mask: tinyPng }),
        context,
      ),
    ).rejects.toMatchObject({ code: 'cannotMask' });
    await expect(
      generateImages(definition({}), runtime(model), input({ mode: 'edit' }), context),
    ).rejects.toMatchObject({
      code: 'sourceRequired',
    });
    expect(calls).toHaveLength(0);
  });

  it('leaves out a negative prompt or seed the model cannot take, with a warning', async () => {
    const { model, calls } = mockModel(() => ({ images: pictures(1) }));
    const output = await generateImages(
      definition({ capabilities: [] }),
      runtime(model),
      input({ negativePrompt: 'fog', seed: 3 }),
      context,
    );
    expect(calls[0]?.providerOptions).toEqual({});
    expect(output.warnings).toEqual([
      'm takes no negative prompt: left out',
      'm takes no seed: left out',
    ]);
  });

  it('sends a variation as the source with its ask, in the source shape', async () => {
    const { model, calls } = mockModel(() => ({ images: pictures(1) }));
    const source = {
      data: new Uint8Array(tinyPng),
      mediaType: 'image/png',
      width: 1920,
      height: 1080,
    };
    const reference = { data: new Uint8Array(tinyPng), mediaType: 'image/png' };
    await generateImages(
      definition({ provider: 'openai', model: 'gpt-image-1' }),
      runtime(model),
      input({ mode: 'variation', prompt: '', source, references: [reference] }),
      context,
    );
    expect(calls[0]).toMatchObject({ prompt: 'a variation of this image', size: undefined });
    expect(calls[0]?.files).toHaveLength(2);
  });

  it('turns our transparent mask into white-means-change for Stable Diffusion servers', async () => {
    const { model, calls } = mockModel(() => ({ images: pictures(1) }));
    // 2×1: the left pixel transparent (change it), the right one opaque (keep it).
    const mask = await sharp(Buffer.from([0, 0, 0, 0, 0, 0, 0, 255]), {
      raw: { width: 2, height: 1, channels: 4 },
    })
      .png()
      .toBuffer();
    const source = { data: new Uint8Array(tinyPng), mediaType: 'image/png', width: 2, height: 1 };
    await generateImages(
      definition({ provider: 'automatic1111' }),
      runtime(model, { mask: 'white', seedPerVariant: false }),
      input({ mode: 'edit', source, mask: new Uint8Array(mask) }),
      context,
    );
    const sent = calls[0]?.mask;
    if (sent?.type !== 'file' || typeof sent.data === 'string')
      throw new Error('expected mask bytes');
    expect((await sharp(sent.data).metadata()).channels).toBe(1);
    expect([...(await sharp(sent.data).extractChannel(0).raw().toBuffer())]).toEqual([255, 0]);
    expect(calls[0]?.size).toBe('64x64');
  });

  it('stops at the signal, with its reason', async () => {
    const controller = new AbortController();
    const { model } = mockModel((options) => {
      controller.abort(new Error('cancelled by the user'));
      return options.abortSignal?.aborted ? new Error('aborted') : { images: pictures(1) };
    });
    await expect(
      generateImages(definition({}), runtime(model), input({ signal: controller.signal }), context),
    ).rejects.toThrow('cancelled by the user');
  });
});
