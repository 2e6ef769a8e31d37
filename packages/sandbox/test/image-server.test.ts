import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The sandbox package does not depend on the AI SDK (the API does): the contract tests borrow
// the API's copies, the exact versions the API will call this server with.
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateImage } from 'ai';
import { escapeForSvg, pictureSvg, wrapText } from '../src/images/picture.ts';
import {
  createSandboxImageHandler,
  createSandboxImageServer,
  sandboxImageFetch,
  sandboxImageMagicWords,
} from '../src/index.ts';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const slowMs = 600;
const fixedNow = () => new Date(Date.UTC(2030, 0, 2, 3, 4, 5));

let server: Server;
let loopbackOrigin: string;

beforeAll(async () => {
  const handler = createSandboxImageHandler({ basePath: '/sandbox/images', slowMs, now: fixedNow });
  server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  loopbackOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/images`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Transport {
  name: string;
  /** Where the routes start (…/v1, …/v1beta follow). */
  base: () => string;
  fetch: Fetch;
}

const transports: Transport[] = [
  { name: 'loopback HTTP', base: () => loopbackOrigin, fetch: (input, init) => fetch(input, init) },
  {
    name: 'in-process fetch',
    base: () => 'http://sandbox.invalid',
    fetch: sandboxImageFetch({ slowMs, now: fixedNow }),
  },
];

interface OpenAIBody {
  created: number;
  data: { b64_json: string; revised_prompt?: string }[];
  usage?: { input_tokens: number; output_tokens: number; total_tokens: number };
}
interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}
interface GoogleBody {
  predictions: { bytesBase64Encoded: string; mimeType: string }[];
}
interface GoogleErrorBody {
  error: { code: number; message: string; status: string };
}

async function pixelsOf(image: Uint8Array) {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    format: (await sharp(image).metadata()).format,
  };
}

/** A 256×192 source: left half blue, right half orange, so repaints are easy to see. */
function sourcePng(width = 256, height = 192): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({
    create: { width, height, channels: 4, background: { r: 30, g: 60, b: 200, alpha: 1 } },
  })
    .composite([
      {
        input: {
          create: {
            width: width - half,
            height,
            channels: 4,
            background: { r: 240, g: 140, b: 20, alpha: 1 },
          },
        },
        left: half,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** The region the masks below leave transparent (OpenAI: transparent = change this). */
const hole = { left: 64, top: 48, width: 96, height: 64 };
const inHole = (x: number, y: number) =>
  x >= hole.left && x < hole.left + hole.width && y >= hole.top && y < hole.top + hole.height;

function maskPng(width = 256, height = 192): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (inHole(x, y)) pixels[(y * width + x) * 4 + 3] = 0;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

describe.each(transports)('through $name', (transport) => {
  const openai = () =>
    createOpenAI({ baseURL: `${transport.base()}/v1`, apiKey: 'sandbox', fetch: transport.fetch });
  const google = () =>
    createGoogleGenerativeAI({
      baseURL: `${transport.base()}/v1beta`,
      apiKey: 'sandbox',
      fetch: transport.fetch,
    });

  function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    return transport.fetch(`${transport.base()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async function generation(body: Record<string, unknown>): Promise<OpenAIBody> {
    const response = await postJson('/v1/images/generations', { model: 'gpt-image-1', ...body });
    expect(response.status).toBe(200);
    return (await response.json()) as OpenAIBody;
  }

  async function openaiError(response: Response, status: number) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return ((await response.json()) as OpenAIErrorBody).error;
  }

  async function googleError(response: Response, status: number) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as GoogleErrorBody;
    expect(body.error.code).toBe(status);
    return body.error;
  }

  describe('OpenAI generations with the AI SDK', () => {
    it('makes n=2 distinct PNGs of the asked size', async () => {
      const result = await generateImage({
        model: openai().image('gpt-image-1'),
        prompt: 'A lighthouse at dusk',
        n: 2,
        size: '1536x1024',
        maxRetries: 0,
      });
      expect(result.images).toHaveLength(2);
      const [first, second] = result.images;
      expect(
        Buffer.from(first?.uint8Array ?? []).equals(Buffer.from(second?.uint8Array ?? [])),
      ).toBe(false);
      for (const image of result.images) {
        expect(image.mediaType).toBe('image/png');
        const decoded = await pixelsOf(image.uint8Array);
        expect(decoded).toMatchObject({ width: 1536, height: 1024, format: 'png' });
      }
      expect(result.usage.outputTokens).toBeGreaterThan(0);
    });

    it('gives one image fewer than asked for [short], with no error', async () => {
      const result = await generateImage({
        model: openai().image('gpt-image-1'),
        prompt: `Three kites ${sandboxImageMagicWords.short}`,
        n: 3,
        size: '256x256',
        maxRetries: 0,
      });
      expect(result.images).toHaveLength(2);
    });

    it('surfaces [fail] as a provider error (500) and [refuse] as a policy refusal (400)', async () => {
      const failed = generateImage({
        model: openai().image('gpt-image-1'),
        prompt: `A bridge ${sandboxImageMagicWords.fail}`,
        size: '256x256',
        maxRetries: 0,
      });
      await expect(failed).rejects.toSatisfy(
        (error) => APICallError.isInstance(error) && error.statusCode === 500,
      );
      const refused = generateImage({
        model: openai().image('gpt-image-1'),
        prompt: `A bridge ${sandboxImageMagicWords.refuse}`,
        size: '256x256',
        maxRetries: 0,
      });
      await expect(refused).rejects.toSatisfy(
        (error) =>
          APICallError.isInstance(error) &&
          error.statusCode === 400 &&
          error.message.includes('safety system'),
      );
    });

    it('waits slowMs for [slow] and stops as soon as the caller aborts', async () => {
      const controller = new AbortController();
      const started = performance.now();
      setTimeout(() => controller.abort(), 50);
      const slow = generateImage({
        model: openai().image('gpt-image-1'),
        prompt: `A tortoise ${sandboxImageMagicWords.slow}`,
        size: '256x256',
        maxRetries: 0,
        abortSignal: controller.signal,
      });
      await expect(slow).rejects.toSatisfy(
        (error) => error instanceof Error && error.name === 'AbortError',
      );
      expect(performance.now() - started).toBeLessThan(slowMs);

      const patient = performance.now();
      const done = await generation({
        prompt: `A tortoise ${sandboxImageMagicWords.slow}`,
        size: '64x64',
      });
      expect(done.data).toHaveLength(1);
      expect(performance.now() - patient).toBeGreaterThanOrEqual(slowMs - 20);
    });
  });

  describe('OpenAI edits with the AI SDK (multipart)', () => {
    it('repaints only where the mask is transparent', async () => {
      const source = await sourcePng();
      const result = await generateImage({
        model: openai().image('gpt-image-1'),
        prompt: { text: 'Add a red balloon', images: [source], mask: await maskPng() },
        maxRetries: 0,
      });
      expect(result.images).toHaveLength(1);
      const before = await pixelsOf(source);
      const after = await pixelsOf(result.images[0]?.uint8Array ?? new Uint8Array());
      expect(after).toMatchObject({ width: 256, height: 192, format: 'png' });
      let changedInside = 0;
      for (let y = 0; y < before.height; y += 1) {
        for (let x = 0; x < before.width; x += 1) {
          const offset = (y * before.width + x) * 4;
          const same = before.data
            .subarray(offset, offset + 4)
            .equals(after.data.subarray(offset, offset + 4));
          if (inHole(x, y)) {
            if (!same) changedInside += 1;
          } else if (!same) {
            throw new Error(`pixel ${x},${y} outside the mask changed`);
          }
        }
      }
      // Nearly every pixel of the hole is new paint (a few may match the source by chance).
      expect(changedInside).toBeGreaterThan(hole.width * hole.height * 0.9);
    });

    it('repaints the whole image without a mask, and takes reference images (image[])', async () => {
      const source = await sourcePng();
      const reference = await sourcePng(64, 64);
      const result = await generateImage({
        model: openai().image('gpt-image-1'),
        prompt: { text: 'Make it look like winter', images: [source, reference] },
        n: 2,
        maxRetries: 0,
      });
      expect(result.images).toHaveLength(2);
      const before = await pixelsOf(source);
      for (const image of result.images) {
        const after = await pixelsOf(image.uint8Array);
        expect(after).toMatchObject({ width: 256, height: 192 });
        let changed = 0;
        for (let offset = 0; offset < before.data.length; offset += 4) {
          if (
            !before.data
              .subarray(offset, offset + 4)
              .equals(after.data.subarray(offset, offset + 4))
          ) {
            changed += 1;
          }
        }
        expect(changed).toBeGreaterThan(before.width * before.height * 0.9);
      }
    });

    it('scales the edit to a size that differs from the source, and takes a JPEG source', async () => {
      const form = new FormData();
      form.append('model', 'gpt-image-1');
      form.append('prompt', 'Smaller, please');
      form.append('size', '128x96');
      form.append('seed', '9');
      form.append(
        'image',
        new Blob([
          await sharp(await sourcePng())
            .jpeg()
            .toBuffer(),
        ]),
      );
      const response = await transport.fetch(`${transport.base()}/v1/images/edits`, {
        method: 'POST',
        body: form,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as OpenAIBody;
      expect(await pixelsOf(Buffer.from(body.data[0]?.b64_json ?? '', 'base64'))).toMatchObject({
        width: 128,
        height: 96,
        format: 'png',
      });
    });

    it('refuses a mask of another size, a mask that is not a PNG, and a missing image', async () => {
      const source = await sourcePng();
      const wrongSize = generateImage({
        model: openai().image('gpt-image-1'),
        prompt: { text: 'x', images: [source], mask: await maskPng(128, 128) },
        maxRetries: 0,
      });
      await expect(wrongSize).rejects.toSatisfy(
        (error) =>
          APICallError.isInstance(error) &&
          error.statusCode === 400 &&
          error.message.includes('same size'),
      );

      const form = new FormData();
      form.append('model', 'gpt-image-1');
      form.append('prompt', 'x');
      form.append('image', new Blob([source], { type: 'image/png' }));
      form.append('mask', new Blob([await sharp(source).jpeg().toBuffer()], { type: 'image/png' }));
      const notPng = await transport.fetch(`${transport.base()}/v1/images/edits`, {
        method: 'POST',
        body: form,
      });
      expect(await openaiError(notPng, 400)).toMatchObject({
        param: 'mask',
        code: 'invalid_image_format',
      });

      const noImage = new FormData();
      noImage.append('model', 'gpt-image-1');
      noImage.append('prompt', 'x');
      const missing = await transport.fetch(`${transport.base()}/v1/images/edits`, {
        method: 'POST',
        body: noImage,
      });
      expect(await openaiError(missing, 400)).toMatchObject({
        param: 'image',
        code: 'missing_required_parameter',
      });

      const notMultipart = await postJson('/v1/images/edits', {
        model: 'gpt-image-1',
        prompt: 'x',
      });
      expect(await openaiError(notMultipart, 400)).toMatchObject({ code: 'invalid_content_type' });
    });
  });

  describe('Imagen :predict with the AI SDK', () => {
    it('makes 16:9 pictures, two of them', async () => {
      const result = await generateImage({
        model: google().image('imagen-4.0-generate-001'),
        prompt: 'A paddy field at sunrise',
        n: 2,
        aspectRatio: '16:9',
        maxRetries: 0,
      });
      expect(result.images).toHaveLength(2);
      for (const image of result.images) {
        expect(await pixelsOf(image.uint8Array)).toMatchObject({
          width: 1408,
          height: 768,
          format: 'png',
        });
      }
    });

    it('answers Google-shaped errors: [fail], [refuse], unknown model, bad parameters, empty key', async () => {
      const predict = (model: string, body: unknown, headers: Record<string, string> = {}) =>
        postJson(`/v1beta/models/${model}:predict`, body, headers);
      const ask = (prompt: string, parameters: Record<string, unknown> = {}) => ({
        instances: [{ prompt }],
        parameters: { sampleCount: 1, ...parameters },
      });

      const ok = await predict('sandbox-imagen', ask('A heron', { aspectRatio: '9:16', seed: 5 }), {
        'x-goog-api-key': 'sandbox',
      });
      expect(ok.status).toBe(200);
      const body = (await ok.json()) as GoogleBody;
      expect(body.predictions).toHaveLength(1);
      expect(body.predictions[0]?.mimeType).toBe('image/png');
      expect(
        await pixelsOf(Buffer.from(body.predictions[0]?.bytesBase64Encoded ?? '', 'base64')),
      ).toMatchObject({ width: 768, height: 1408 });

      expect(
        await googleError(
          await predict('sandbox-imagen', ask(`x ${sandboxImageMagicWords.fail}`)),
          500,
        ),
      ).toMatchObject({ status: 'INTERNAL' });
      expect(
        await googleError(
          await predict('sandbox-imagen', ask(`x ${sandboxImageMagicWords.refuse}`)),
          400,
        ),
      ).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('Responsible AI'),
      });
      expect(await googleError(await predict('gemini-9', ask('x')), 404)).toMatchObject({
        status: 'NOT_FOUND',
      });
      expect(
        await googleError(await predict('sandbox-imagen', ask('x', { sampleCount: 5 })), 400),
      ).toMatchObject({ message: expect.stringContaining('sampleCount') });
      expect(
        await googleError(await predict('sandbox-imagen', ask('x', { aspectRatio: '2:1' })), 400),
      ).toMatchObject({ message: expect.stringContaining('aspectRatio') });
      expect(
        await googleError(await predict('sandbox-imagen', { instances: [{ prompt: ' ' }] }), 400),
      ).toMatchObject({ message: expect.stringContaining('prompt') });
      expect(
        await googleError(
          await predict('sandbox-imagen', ask('x'), { 'x-goog-api-key': ' ' }),
          400,
        ),
      ).toMatchObject({ message: expect.stringContaining('API key') });

      const short = await predict(
        'sandbox-imagen',
        ask(`x ${sandboxImageMagicWords.short}`, { sampleCount: 2 }),
      );
      expect(((await short.json()) as GoogleBody).predictions).toHaveLength(1);
    });
  });

  describe('the pictures', () => {
    it('are deterministic for (prompt, seed, index, size), and differ when any changes', async () => {
      const ask = { prompt: 'A red fox in snow', size: '128x128', n: 2, seed: 42 };
      const first = await generation(ask);
      const again = await generation(ask);
      const images = (body: OpenAIBody) => body.data.map((item) => item.b64_json);
      expect(images(again)).toEqual(images(first));
      expect(first.data[0]?.b64_json).not.toBe(first.data[1]?.b64_json);
      const otherSeed = await generation({ ...ask, seed: 43 });
      expect(otherSeed.data[0]?.b64_json).not.toBe(first.data[0]?.b64_json);
      const otherPrompt = await generation({ ...ask, prompt: 'A red fox in rain' });
      expect(otherPrompt.data[0]?.b64_json).not.toBe(first.data[0]?.b64_json);
      // Without a seed one is picked at random, so two single-image calls differ.
      const unseeded = { prompt: 'A red fox in snow', size: '128x128' };
      const one = await generation(unseeded);
      const two = await generation(unseeded);
      expect(one.data[0]?.b64_json).not.toBe(two.data[0]?.b64_json);
      expect(first.created).toBe(Math.floor(fixedNow().getTime() / 1000));
    });

    it('take any WxH from 64 to 2048 and auto (1024²), and jpeg or webp on request', async () => {
      for (const [size, width, height] of [
        ['1792x1024', 1792, 1024],
        ['auto', 1024, 1024],
        ['64x2048', 64, 2048],
      ] as const) {
        const body = await generation({ prompt: 'A tall tower', size });
        expect(await pixelsOf(Buffer.from(body.data[0]?.b64_json ?? '', 'base64'))).toMatchObject({
          width,
          height,
        });
      }
      const jpeg = await generation({
        prompt: 'A tall tower',
        size: '64x64',
        output_format: 'jpeg',
      });
      expect((await pixelsOf(Buffer.from(jpeg.data[0]?.b64_json ?? '', 'base64'))).format).toBe(
        'jpeg',
      );
    });

    it('draw a hostile prompt as text: it cannot break out of the SVG', async () => {
      const prompt =
        '</text><script>alert(1)</script><image href="file:///etc/passwd"/> & \u0001 \ud800 "quotes"';
      const body = await generation({ prompt, size: '256x256' });
      expect(await pixelsOf(Buffer.from(body.data[0]?.b64_json ?? '', 'base64'))).toMatchObject({
        width: 256,
      });
      const svg = pictureSvg({
        prompt,
        negativePrompt: '<b>',
        style: null,
        seed: 1,
        index: 0,
        width: 1024,
        height: 1024,
      });
      expect(svg).not.toContain('<script');
      expect(svg).not.toContain('<image');
      expect(svg).not.toContain('<b>');
      expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    });
  });

  describe('bad requests get OpenAI-shaped errors', () => {
    it.each([
      ['an unknown model', { model: 'stable-diffusion-9', prompt: 'x' }, 'model'],
      ['a size out of range', { prompt: 'x', size: '32x32' }, 'size'],
      ['a size that is not WxH', { prompt: 'x', size: 'large' }, 'size'],
      ['n = 0', { prompt: 'x', n: 0 }, 'n'],
      ['n = 11', { prompt: 'x', n: 11 }, 'n'],
      ['n > 1 for dall-e-3', { model: 'dall-e-3', prompt: 'x', n: 2 }, 'n'],
      ['no prompt', { prompt: '' }, 'prompt'],
      ['a seed that is not a whole number', { prompt: 'x', seed: 1.5 }, 'seed'],
      ['response_format url', { prompt: 'x', response_format: 'url' }, 'response_format'],
    ])('%s', async (_name, body, param) => {
      const response = await postJson('/v1/images/generations', { model: 'gpt-image-1', ...body });
      const error = await openaiError(response, 400);
      expect(error).toMatchObject({ type: 'invalid_request_error', param });
      expect(error.message.length).toBeGreaterThan(10);
    });

    it('an empty bearer token, a bad body, a wrong method, an unknown path', async () => {
      const emptyKey = await postJson(
        '/v1/images/generations',
        { prompt: 'x' },
        { authorization: 'Bearer ' },
      );
      expect(await openaiError(emptyKey, 401)).toMatchObject({ code: 'invalid_api_key' });
      const withKey = await postJson(
        '/v1/images/generations',
        { model: 'sandbox', prompt: 'x', size: '64x64' },
        { authorization: 'Bearer sk-sandbox' },
      );
      expect(withKey.status).toBe(200);
      const notJson = await transport.fetch(`${transport.base()}/v1/images/generations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      });
      expect(await openaiError(notJson, 400)).toMatchObject({ code: 'invalid_json' });
      const get = await transport.fetch(`${transport.base()}/v1/images/generations`);
      await openaiError(get, 405);
      const unknown = await postJson('/v1/images/variations', {});
      await openaiError(unknown, 404);
    });
  });
});

describe('the transport-free core', () => {
  it('maps a request to a response, with the mount path stripped', async () => {
    const serve = createSandboxImageServer({ basePath: '/sandbox/images' });
    const response = await serve({
      method: 'POST',
      url: '/sandbox/images/v1/images/generations',
      headers: new Headers({ 'content-type': 'application/json' }),
      body: new TextEncoder().encode(
        JSON.stringify({ model: 'sandbox', prompt: 'x', size: '64x64' }),
      ),
      signal: new AbortController().signal,
    });
    expect(response.status).toBe(200);
    expect((JSON.parse(response.body) as OpenAIBody).data).toHaveLength(1);
  });

  it('rejects at once when the fetch signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      sandboxImageFetch()('http://sandbox.invalid/v1/images/generations', {
        method: 'POST',
        body: '{}',
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the prompt box', () => {
  it('wraps words, breaks long ones and ends a cut text with an ellipsis', () => {
    expect(wrapText('a bb ccc dddd', 6, 5)).toEqual(['a bb', 'ccc', 'dddd']);
    expect(wrapText('abcdefghij', 4, 5)).toEqual(['abcd', 'efgh', 'ij']);
    const cut = wrapText('one two three four five six', 5, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]?.endsWith('…')).toBe(true);
  });

  it('escapes XML and drops what XML cannot hold', () => {
    expect(escapeForSvg(`<a href="x">&'\u0000\udc00`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&apos;',
    );
    expect(escapeForSvg('Hà Nội 😀')).toBe('Hà Nội 😀');
  });
});
