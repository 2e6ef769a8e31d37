import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readPngTextChunks, withPngTextChunk } from '@studio/contracts';
import { sandboxImageFetch, sandboxImageMagicWords } from '@studio/sandbox';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type {
  ImageGenerationInput,
  ImageModelRegistry,
} from '../src/domains/images/image-model-registry.ts';
import { createImageModelRegistry } from '../src/domains/images/image-registry.ts';
import {
  ImageProviderError,
  imageProviderTexts,
} from '../src/domains/providers/image/image-provider-error.ts';
import {
  type FakeImageUpstream,
  fakeFirstSeed,
  type ImageUpstreamKind,
  type RecordedImageRequest,
  startFakeImageUpstream,
} from './support/fake-image-upstreams.ts';
import { generationInput } from './support/image-generation-input.ts';

/**
 * A contract test per image provider: the registry's model, configured the way an operator
 * would (IMAGE_MODELS and the provider's variables), against a loopback server speaking that
 * provider's wire format; then the sandbox models against packages/sandbox's own image server.
 */

const folder = mkdtempSync(path.join(tmpdir(), 'studio-image-providers-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const workflowFile = path.join(folder, 'workflow.json');
writeFileSync(
  workflowFile,
  JSON.stringify({
    '3': {
      class_type: 'KSampler',
      inputs: { seed: '{{seed}}', steps: 20, positive: ['6', 0], negative: ['7', 0] },
    },
    '5': {
      class_type: 'EmptyLatentImage',
      inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{batch_size}}' },
    },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative_prompt}}' } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'studio', images: ['8', 0] } },
  }),
);

interface ProviderCase {
  provider: string;
  upstream: ImageUpstreamKind;
  model: string;
  capabilities?: string[];
  env: (baseURL: string) => Record<string, string>;
  /** The secret a careless upstream might echo back in an error. */
  secret: string;
  /** How the key reaches the upstream. */
  keyHeader: [name: string, value: string];
  /** What the generation request(s) of a 2-variant, 16:9 request with seed 5 carry. */
  sent: (generations: RecordedImageRequest[]) => void;
  /** The seeds reported for that request. */
  seeds: (number | null)[];
}

const bodyOf = (request: RecordedImageRequest | undefined) =>
  (request?.body ?? {}) as Record<string, unknown>;

const cases: ProviderCase[] = [
  {
    provider: 'openai',
    upstream: 'openai',
    model: 'gpt-image-1',
    env: (baseURL) => ({ OPENAI_API_KEY: 'sk-openai-image-0123456789', OPENAI_BASE_URL: baseURL }),
    secret: 'sk-openai-image-0123456789',
    keyHeader: ['authorization', 'Bearer sk-openai-image-0123456789'],
    sent: ([generation, ...rest]) => {
      expect(rest).toHaveLength(0);
      expect(generation?.url).toBe('/v1/images/generations');
      expect(bodyOf(generation)).toMatchObject({ model: 'gpt-image-1', n: 2, size: '1536x1024' });
      // OpenAI takes no seed: nothing of the kind is sent.
      expect(bodyOf(generation)).not.toHaveProperty('seed');
    },
    seeds: [null, null],
  },
  {
    provider: 'openai-compatible',
    upstream: 'openai',
    model: 'sd-xl',
    capabilities: ['negative-prompt', 'seed'],
    env: (baseURL) => ({
      OPENAI_COMPATIBLE_BASE_URL: baseURL,
      OPENAI_COMPATIBLE_API_KEY: 'local-compatible-secret',
      OPENAI_COMPATIBLE_NAME: 'localai',
    }),
    secret: 'local-compatible-secret',
    keyHeader: ['authorization', 'Bearer local-compatible-secret'],
    sent: (generations) => {
      expect(generations.map((request) => bodyOf(request).seed)).toEqual([5, 6]);
      expect(bodyOf(generations[0])).toMatchObject({
        model: 'sd-xl',
        n: 1,
        size: '1344x768',
        negative_prompt: 'blurry',
        response_format: 'b64_json',
      });
    },
    seeds: [5, 6],
  },
  {
    provider: 'google',
    upstream: 'google',
    model: 'imagen-4.0-generate-001',
    env: (baseURL) => ({
      GOOGLE_GENERATIVE_AI_API_KEY: 'AIzaFakeImagenKey0123456789',
      GOOGLE_BASE_URL: baseURL,
    }),
    secret: 'AIzaFakeImagenKey0123456789',
    keyHeader: ['x-goog-api-key', 'AIzaFakeImagenKey0123456789'],
    sent: ([generation]) => {
      expect(generation?.url).toBe('/v1beta/models/imagen-4.0-generate-001:predict');
      expect(bodyOf(generation)).toEqual({
        instances: [{ prompt: 'a red lantern over a river' }],
        parameters: { sampleCount: 2, aspectRatio: '16:9' },
      });
    },
    seeds: [null, null],
  },
  {
    provider: 'fal',
    upstream: 'fal',
    model: 'fal-ai/flux/dev',
    capabilities: ['seed', 'negative-prompt'],
    env: (baseURL) => ({ FAL_API_KEY: 'fal-key-0123456789abcdef', FAL_BASE_URL: baseURL }),
    secret: 'fal-key-0123456789abcdef',
    keyHeader: ['authorization', 'Key fal-key-0123456789abcdef'],
    sent: (generations) => {
      expect(generations.map((request) => request.url)).toEqual([
        '/fal-ai/flux/dev',
        '/fal-ai/flux/dev',
      ]);
      expect(generations.map((request) => bodyOf(request).seed)).toEqual([5, 6]);
      expect(bodyOf(generations[0])).toMatchObject({
        prompt: 'a red lantern over a river',
        image_size: 'landscape_16_9',
        num_images: 1,
        negative_prompt: 'blurry',
      });
    },
    seeds: [5, 6],
  },
  {
    provider: 'replicate',
    upstream: 'replicate',
    model: 'stability-ai/sdxl',
    capabilities: ['seed', 'negative-prompt'],
    env: (baseURL) => ({
      REPLICATE_API_TOKEN: 'r8_FakeReplicateToken0123456789',
      REPLICATE_BASE_URL: baseURL,
    }),
    secret: 'r8_FakeReplicateToken0123456789',
    keyHeader: ['authorization', 'Bearer r8_FakeReplicateToken0123456789'],
    sent: (generations) => {
      expect(generations[0]?.url).toBe('/v1/models/stability-ai/sdxl/predictions');
      expect(generations[0]?.headers.prefer).toBe('wait');
      expect(
        generations.map((request) => (bodyOf(request).input as Record<string, unknown>).seed),
      ).toEqual([5, 6]);
      expect(bodyOf(generations[0]).input).toMatchObject({
        prompt: 'a red lantern over a river',
        aspect_ratio: '16:9',
        num_outputs: 1,
        negative_prompt: 'blurry',
      });
    },
    seeds: [5, 6],
  },
  {
    provider: 'comfyui',
    upstream: 'comfyui',
    model: 'sdxl',
    env: (baseURL) => ({
      COMFYUI_BASE_URL: baseURL,
      COMFYUI_WORKFLOW: workflowFile,
      COMFYUI_API_KEY: 'comfy-proxy-token-0123',
    }),
    secret: 'comfy-proxy-token-0123',
    keyHeader: ['authorization', 'Bearer comfy-proxy-token-0123'],
    sent: (generations) => {
      expect(generations).toHaveLength(2);
      const graph = bodyOf(generations[0]).prompt as Record<
        string,
        { inputs: Record<string, unknown> }
      >;
      expect(graph['3']?.inputs.seed).toBe(5);
      expect(graph['5']?.inputs).toEqual({ width: 1344, height: 768, batch_size: 1 });
      expect(graph['6']?.inputs.text).toBe('a red lantern over a river');
      expect(graph['7']?.inputs.text).toBe('blurry');
      expect(typeof bodyOf(generations[0]).client_id).toBe('string');
    },
    seeds: [5, 6],
  },
  {
    provider: 'automatic1111',
    upstream: 'automatic1111',
    model: 'sdxl',
    env: (baseURL) => ({
      A1111_BASE_URL: baseURL,
      A1111_USERNAME: 'studio',
      A1111_PASSWORD: 'a1111-password-0123',
    }),
    secret: 'a1111-password-0123',
    keyHeader: [
      'authorization',
      `Basic ${Buffer.from('studio:a1111-password-0123').toString('base64')}`,
    ],
    sent: ([generation, ...rest]) => {
      expect(rest).toHaveLength(0);
      expect(generation?.url).toBe('/sdapi/v1/txt2img');
      expect(bodyOf(generation)).toMatchObject({
        prompt: 'a red lantern over a river',
        negative_prompt: 'blurry',
        seed: 5,
        width: 1344,
        height: 768,
        batch_size: 2,
      });
    },
    seeds: [5, 6],
  },
];

/** Two 16:9 variants with a negative prompt and seed 5: each provider takes what it can. */
const request = (overrides: Partial<ImageGenerationInput> = {}) =>
  generationInput({
    prompt: 'a red lantern over a river',
    negativePrompt: 'blurry',
    aspectRatio: '16:9',
    count: 2,
    seed: 5,
    ...overrides,
  });

const isGeneration = (kind: ImageUpstreamKind) => (recorded: RecordedImageRequest) =>
  recorded.method === 'POST' &&
  (kind === 'comfyui' ? recorded.url === '/prompt' : !recorded.url.includes('interrupt'));

describe.each(cases)('the $provider image provider', (testCase) => {
  let upstream: FakeImageUpstream;
  let registry: ImageModelRegistry;

  beforeAll(async () => {
    upstream = await startFakeImageUpstream(testCase.upstream);
    const config = loadConfig({
      NODE_ENV: 'test',
      IMAGE_MODELS: JSON.stringify([
        {
          id: 'under-test',
          name: 'Under test',
          provider: testCase.provider,
          model: testCase.model,
          ...(testCase.capabilities ? { capabilities: testCase.capabilities } : {}),
        },
      ]),
      ...testCase.env(upstream.baseURL),
    });
    registry = createImageModelRegistry(config.images, { comfyuiPollIntervalMs: 10 });
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.behaviour = { kind: 'images' };
    upstream.requests.length = 0;
  });

  it('makes the pictures asked for, sending what the provider takes', async () => {
    const output = await registry.generate(request());
    expect(output.images).toHaveLength(2);
    for (const image of output.images) {
      expect(image.mediaType).toBe('image/png');
      expect(await sharp(image.data).metadata()).toMatchObject({
        format: 'png',
        width: 8,
        height: 8,
      });
    }
    expect(
      Buffer.from(output.images[0]?.data ?? []).equals(Buffer.from(output.images[1]?.data ?? [])),
    ).toBe(false);
    expect(output.images.map((image) => image.seed)).toEqual(testCase.seeds);
    const generations = upstream.requests.filter(isGeneration(testCase.upstream));
    const [name, value] = testCase.keyHeader;
    for (const generation of generations) expect(generation.headers[name]).toBe(value);
    testCase.sent(generations);
  });

  it("turns the provider's error into a user text, keeping nothing of what it said", async () => {
    upstream.behaviour = {
      kind: 'error',
      status: 401,
      message: `Incorrect API key provided: ${testCase.secret}`,
    };
    const error = await registry.generate(request()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageProviderError);
    const failure = error as ImageProviderError;
    expect(failure).toMatchObject({ code: 'misconfigured', retryable: false, status: 401 });
    expect(failure.message).toBe(imageProviderTexts.misconfigured);
    expect(failure.failure).toEqual({ kind: 'unauthorized', status: 401, retryAfterSeconds: null });
    expect(`${failure.message}\n${JSON.stringify(failure)}\n${failure.stack}`).not.toContain(
      testCase.secret,
    );
    expect(JSON.stringify(failure)).not.toContain('Incorrect API key');

    upstream.behaviour = { kind: 'error', status: 503, message: 'overloaded' };
    await expect(registry.generate(request())).rejects.toMatchObject({
      code: 'unavailable',
      retryable: true,
      status: 503,
    });
  });

  it('stops when the signal aborts, and the upstream sees the client give up', async () => {
    upstream.behaviour = { kind: 'slow' };
    const controller = new AbortController();
    const reason = new Error('the job was cancelled');
    setTimeout(() => controller.abort(reason), 100);
    const started = Date.now();
    await expect(registry.generate(request({ signal: controller.signal }))).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(3000);
    await upstream.hungUp();
  });

  it('returns a short count as it came, without an error', async () => {
    upstream.behaviour = { kind: 'short' };
    const output = await registry.generate(request({ count: 3 }));
    expect(output.images).toHaveLength(2);
  });
});

/** One ComfyUI model at the fake's address, polled every 10 ms. */
function comfyuiRegistry(baseURL: string) {
  const config = loadConfig({
    IMAGE_MODELS: JSON.stringify([
      { id: 'under-test', name: 'C', provider: 'comfyui', model: 'sdxl' },
    ]),
    COMFYUI_BASE_URL: baseURL,
    COMFYUI_WORKFLOW: workflowFile,
  });
  return createImageModelRegistry(config.images, { comfyuiPollIntervalMs: 10 });
}

describe('the comfyui image provider, when a run fails', () => {
  it('says the provider could not make it, keeping none of ComfyUI’s words (they may quote the prompt)', async () => {
    const upstream = await startFakeImageUpstream('comfyui');
    try {
      const registry = comfyuiRegistry(upstream.baseURL);
      upstream.behaviour = { kind: 'run-fails', message: 'CUDA out of memory' };
      const error = await registry
        .generate(request({ count: 1 }))
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'unavailable',
        failure: { kind: 'engine', status: null },
      });
      expect(JSON.stringify(error)).not.toContain('CUDA out of memory');
    } finally {
      await upstream.close();
    }
  });
});

describe('the comfyui image provider, cancelled while its prompt is being queued', () => {
  it('still asks ComfyUI to drop the prompt, by the id it sent with it', async () => {
    const upstream = await startFakeImageUpstream('comfyui');
    try {
      const registry = comfyuiRegistry(upstream.baseURL);
      upstream.behaviour = { kind: 'slow' };
      const controller = new AbortController();
      const reason = new Error('the job was cancelled');
      // Once the fake has the POST, before it answers it (it draws the pictures first; should
      // it answer first, the run is dropped by the same id all the same).
      const generating = registry.generate(request({ signal: controller.signal }));
      await vi.waitFor(
        () => expect(upstream.requests.some((asked) => asked.url === '/prompt')).toBe(true),
        { interval: 1 },
      );
      controller.abort(reason);
      await expect(generating).rejects.toBe(reason);
      await upstream.hungUp();
      const sent = upstream.requests.find((asked) => asked.url === '/prompt');
      const dropped = upstream.requests.find(
        (asked) => asked.method === 'POST' && asked.url === '/queue',
      );
      const id = (sent?.body as { prompt_id?: unknown } | undefined)?.prompt_id;
      expect(id).toEqual(expect.any(String));
      expect(dropped?.body).toEqual({ delete: [id] });
    } finally {
      await upstream.close();
    }
  });
});

describe('the sandbox image models', () => {
  const registry = createImageModelRegistry(loadConfig({ NODE_ENV: 'test' }).images, {
    sandboxFetch: sandboxImageFetch({ slowMs: 5000 }),
  });

  it('lists both sandbox models for every plan', () => {
    expect(registry.sandboxOnly).toBe(true);
    expect(registry.defaultModelId('free')).toBe('sandbox');
    expect(registry.forPlan('free').map((model) => [model.id, model.available])).toEqual([
      ['sandbox', true],
      ['sandbox-imagen', true],
    ]);
  });

  it('draws seeded variants over the OpenAI Images API, each repeatable from its own seed', async () => {
    const output = await registry.generate(
      request({ modelId: 'sandbox', prompt: 'Phố cổ Hội An về đêm', style: 'watercolor' }),
    );
    expect(output.images.map((image) => image.seed)).toEqual([5, 6]);
    const sizes = await Promise.all(output.images.map((image) => sharp(image.data).metadata()));
    expect(sizes.map(({ width, height }) => `${width}x${height}`)).toEqual([
      '1536x1024',
      '1536x1024',
    ]);
    const again = await registry.generate(
      request({
        modelId: 'sandbox',
        prompt: 'Phố cổ Hội An về đêm',
        style: 'watercolor',
        seed: 6,
        count: 1,
      }),
    );
    expect(
      Buffer.from(again.images[0]?.data ?? []).equals(Buffer.from(output.images[1]?.data ?? [])),
    ).toBe(true);
  });

  it('edits a picture where the mask is transparent', async () => {
    const width = 64;
    const height = 64;
    const source = await sharp({
      create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    // Transparent on the left half: only that may change.
    const alpha = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) alpha[(y * width + x) * 4 + 3] = x < width / 2 ? 0 : 255;
    }
    const mask = await sharp(alpha, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    const output = await registry.generate(
      request({
        modelId: 'sandbox',
        mode: 'edit',
        prompt: 'a paper boat',
        count: 1,
        source: { data: new Uint8Array(source), mediaType: 'image/png', width, height },
        mask: new Uint8Array(mask),
      }),
    );
    expect(output.images).toHaveLength(1);
    const edited = await sharp(output.images[0]?.data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const original = await sharp(source).raw().toBuffer();
    if (edited.info.width === width && edited.info.height === height) {
      const pixel = (data: Buffer, x: number, y: number) =>
        data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3);
      expect(
        pixel(edited.data, width - 1, height - 1).equals(pixel(original, width - 1, height - 1)),
      ).toBe(true);
    } else {
      throw new Error(
        `the edit came back ${edited.info.width}x${edited.info.height}, not ${width}x${height}`,
      );
    }
  });

  it("speaks Imagen's :predict, with the sandbox's misbehaviours", async () => {
    const output = await registry.generate(
      request({ modelId: 'sandbox-imagen', negativePrompt: null, seed: null }),
    );
    expect(output.images).toHaveLength(2);
    expect((await sharp(output.images[0]?.data).metadata()).width).toBeGreaterThan(
      (await sharp(output.images[0]?.data).metadata()).height ?? 0,
    );
    const short = await registry.generate(
      request({
        modelId: 'sandbox-imagen',
        prompt: `a kite ${sandboxImageMagicWords.short}`,
        count: 3,
        seed: null,
      }),
    );
    expect(short.images).toHaveLength(2);
    await expect(
      registry.generate(
        request({ modelId: 'sandbox-imagen', prompt: `x ${sandboxImageMagicWords.fail}` }),
      ),
    ).rejects.toMatchObject({ code: 'unavailable', retryable: true });
    await expect(
      registry.generate(
        request({ modelId: 'sandbox', prompt: `x ${sandboxImageMagicWords.refuse}` }),
      ),
    ).rejects.toMatchObject({ code: 'refused', retryable: false });
  });

  it('keeps a Vietnamese prompt in the PNG it writes, which sharp still decodes', async () => {
    const [image] = (await registry.generate(request({ modelId: 'sandbox', count: 1 }))).images;
    const png = await sharp(image?.data).png().toBuffer();
    const prompt = 'Một con mèo ngủ trên mái nhà, ánh trăng dịu dàng';
    const written = withPngTextChunk(new Uint8Array(png), 'parameters', prompt);
    expect(readPngTextChunks(written)).toEqual({ parameters: prompt });
    const decoded = await sharp(written).metadata();
    expect(decoded).toMatchObject({ format: 'png', width: 1536, height: 1024 });
    expect(decoded.comments).toEqual([{ keyword: 'parameters', text: prompt }]);
  });
});

describe('the automatic1111 image provider, for an edit', () => {
  it('sends img2img with the source and a white-means-change mask, and reports the seed it picked', async () => {
    const upstream = await startFakeImageUpstream('automatic1111');
    try {
      const config = loadConfig({
        IMAGE_MODELS: JSON.stringify([
          { id: 'under-test', name: 'A', provider: 'automatic1111', model: 'sdxl' },
        ]),
        A1111_BASE_URL: upstream.baseURL,
      });
      const registry = createImageModelRegistry(config.images);
      const source = await sharp({
        create: { width: 96, height: 64, channels: 3, background: { r: 0, g: 0, b: 0 } },
      })
        .png()
        .toBuffer();
      const mask = await sharp({
        create: { width: 96, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer();
      const output = await registry.generate(
        request({
          mode: 'edit',
          count: 1,
          seed: null,
          source: { data: new Uint8Array(source), mediaType: 'image/png', width: 96, height: 64 },
          mask: new Uint8Array(mask),
        }),
      );
      expect(output.images.map((image) => image.seed)).toEqual([fakeFirstSeed]);
      const [edit] = upstream.requests;
      expect(edit?.url).toBe('/sdapi/v1/img2img');
      const body = bodyOf(edit);
      expect(body).toMatchObject({ seed: -1, width: 96, height: 64, denoising_strength: 0.75 });
      expect(body.init_images).toEqual([source.toString('base64')]);
      // Fully transparent (change everything) becomes fully white.
      const sentMask = Buffer.from(String(body.mask), 'base64');
      const { data } = await sharp(sentMask)
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data.every((value) => value === 255)).toBe(true);
    } finally {
      await upstream.close();
    }
  });
});
