import { describe, expect, it } from 'vitest';
import {
  crc32,
  formatImageParameters,
  type ImageParameters,
  parseImageParameters,
  PngFormatError,
  readPngTextChunks,
  withPngTextChunk,
} from './pngParameters.ts';

/** A 1×1 RGBA PNG (signature, IHDR, IDAT, IEND). */
const tinyPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

const parameters: ImageParameters = {
  prompt: 'a red fox in the snow, watercolour',
  negativePrompt: 'blurry, low quality',
  seed: 4_294_967_295,
  width: 1536,
  height: 1024,
  model: 'GPT Image: 1, "wide"',
  aspectRatio: '16:9',
  mode: 'generate',
  style: 'anime',
  tool: 'imagen',
};

function chunkTypes(png: Uint8Array): string[] {
  const types: string[] = [];
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let offset = 8; offset < png.length; offset += 12 + view.getUint32(offset)) {
    types.push(String.fromCharCode(...png.subarray(offset + 4, offset + 8)));
  }
  return types;
}

describe('formatImageParameters and parseImageParameters', () => {
  it('writes the A1111 layout', () => {
    expect(formatImageParameters({ ...parameters, model: 'Imagen 4' })).toBe(
      [
        'a red fox in the snow, watercolour',
        'Negative prompt: blurry, low quality',
        'Seed: 4294967295, Size: 1536x1024, Model: Imagen 4, Aspect ratio: "16:9", Mode: generate, Style: anime, Tool: imagen',
      ].join('\n'),
    );
  });

  it('round-trips every field, quoting commas, colons and quotes in values', () => {
    expect(parseImageParameters(formatImageParameters(parameters))).toEqual({
      ...parameters,
      other: {},
    });
  });

  it('round-trips a multi-line Vietnamese prompt without a negative prompt or seed', () => {
    const vietnamese: ImageParameters = {
      ...parameters,
      prompt: 'Một con mèo ngủ trên mái nhà,\nánh trăng: dịu dàng',
      negativePrompt: null,
      seed: null,
      style: null,
      model: 'Sandbox image',
    };
    expect(parseImageParameters(formatImageParameters(vietnamese))).toEqual({
      ...vietnamese,
      other: {},
    });
  });

  it("reads AUTOMATIC1111's own text, keeping its other settings", () => {
    const a1111 = [
      'masterpiece, 1girl, (blue hair:1.2)',
      'city at night',
      'Negative prompt: lowres, bad anatomy',
      'extra fingers',
      'Steps: 20, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567890, Size: 512x768, Model hash: 6ce0161689, Model: v1-5-pruned-emaonly, Lora hashes: "detail: 3b2c1d, x: 1", Version: v1.6.0',
    ].join('\n');
    const parsed = parseImageParameters(a1111);
    expect(parsed).toMatchObject({
      prompt: 'masterpiece, 1girl, (blue hair:1.2)\ncity at night',
      negativePrompt: 'lowres, bad anatomy\nextra fingers',
      seed: 1234567890,
      width: 512,
      height: 768,
      model: 'v1-5-pruned-emaonly',
      mode: null,
    });
    expect(parsed.other).toEqual({
      Steps: '20',
      Sampler: 'DPM++ 2M Karras',
      'CFG scale': '7',
      'Model hash': '6ce0161689',
      'Lora hashes': 'detail: 3b2c1d, x: 1',
      Version: 'v1.6.0',
    });
  });

  it("reads InvokeAI's metadata JSON, new and old", () => {
    const invoke = JSON.stringify({
      positive_prompt: 'a lighthouse',
      negative_prompt: 'fog',
      seed: 77,
      width: 1024,
      height: 576,
      model: { name: 'sdxl-base', base: 'sdxl' },
      steps: 30,
    });
    expect(parseImageParameters(invoke)).toMatchObject({
      prompt: 'a lighthouse',
      negativePrompt: 'fog',
      seed: 77,
      width: 1024,
      height: 576,
      model: 'sdxl-base',
    });
    const old = JSON.stringify({
      model_weights: 'stable-diffusion-1.5',
      image: { prompt: [{ prompt: 'a castle', weight: 1 }], seed: 9, width: 512, height: 512 },
    });
    expect(parseImageParameters(old)).toMatchObject({
      prompt: 'a castle',
      seed: 9,
      width: 512,
      model: 'stable-diffusion-1.5',
    });
  });

  it("reads InvokeAI's Dream line", () => {
    expect(
      parseImageParameters('"a castle on a hill [blurry] [dark]" -s 50 -S 42 -W 512 -H 768 -C 7.5'),
    ).toMatchObject({
      prompt: 'a castle on a hill',
      negativePrompt: 'blurry, dark',
      seed: 42,
      width: 512,
      height: 768,
    });
  });

  it('keeps plain text as the prompt', () => {
    expect(parseImageParameters('just a prompt: with a colon')).toMatchObject({
      prompt: 'just a prompt: with a colon',
      seed: null,
      other: {},
    });
    expect(parseImageParameters('')).toMatchObject({ prompt: '', negativePrompt: null });
  });
});

describe('PNG text chunks', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes a Latin-1 text as tEXt before IDAT and reads it back', () => {
    const written = withPngTextChunk(tinyPng, 'parameters', 'a café, Seed: 1');
    expect(chunkTypes(written)).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
    expect(readPngTextChunks(written)).toEqual({ parameters: 'a café, Seed: 1' });
    expect(readPngTextChunks(tinyPng)).toEqual({});
  });

  it('writes a Vietnamese text as UTF-8 iTXt', () => {
    const prompt = 'Phố cổ Hội An về đêm, đèn lồng đỏ';
    const written = withPngTextChunk(tinyPng, 'parameters', prompt);
    expect(chunkTypes(written)).toEqual(['IHDR', 'iTXt', 'IDAT', 'IEND']);
    expect(readPngTextChunks(written).parameters).toBe(prompt);
  });

  it('replaces the chunk under the same keyword and keeps the others', () => {
    const first = withPngTextChunk(tinyPng, 'Comment', 'kept');
    const second = withPngTextChunk(
      withPngTextChunk(first, 'parameters', 'Tiếng Việt'),
      'parameters',
      'plain',
    );
    expect(chunkTypes(second)).toEqual(['IHDR', 'tEXt', 'tEXt', 'IDAT', 'IEND']);
    expect(readPngTextChunks(second)).toEqual({ Comment: 'kept', parameters: 'plain' });
  });

  it('handles a long text without overflowing', () => {
    const long = 'x'.repeat(300_000);
    expect(readPngTextChunks(withPngTextChunk(tinyPng, 'parameters', long)).parameters).toBe(long);
  });

  it('refuses what is not a PNG, and bad keywords', () => {
    expect(() => readPngTextChunks(new TextEncoder().encode('GIF89a…'))).toThrow(PngFormatError);
    expect(() => readPngTextChunks(new Uint8Array())).toThrow('This file is not a PNG image.');
    expect(() => withPngTextChunk(tinyPng, '', 'x')).toThrow(RangeError);
    expect(() => withPngTextChunk(tinyPng, 'a'.repeat(80), 'x')).toThrow(RangeError);
    expect(() => withPngTextChunk(tinyPng, 'two  spaces', 'x')).toThrow(RangeError);
  });

  it('refuses a truncated PNG', () => {
    expect(() => readPngTextChunks(tinyPng.subarray(0, tinyPng.length - 20))).toThrow(
      /damaged: its IDAT chunk runs past the end/,
    );
    expect(() => readPngTextChunks(tinyPng.subarray(0, 14))).toThrow(/ends inside a chunk header/);
  });

  it('skips a text chunk whose CRC is wrong or whose layout is broken', () => {
    // Each chunk goes just before IDAT: the first written stays right after IHDR.
    const written = withPngTextChunk(
      withPngTextChunk(tinyPng, 'parameters', 'Tiếng Việt'),
      'good',
      'yes',
    );
    const corrupted = written.slice();
    // The iTXt chunk comes right after IHDR (33 bytes in): flip a byte of its text.
    expect(chunkTypes(corrupted)[1]).toBe('iTXt');
    const at = 33 + 8 + 'parameters'.length + 6;
    corrupted[at] = (corrupted[at] ?? 0) ^ 0xff;
    expect(readPngTextChunks(corrupted)).toEqual({ good: 'yes' });

    const noSeparator = withPngTextChunk(tinyPng, 'k', 'v').slice();
    // Overwrite the keyword's NUL separator (then the chunk's CRC no longer matches either).
    noSeparator[33 + 8 + 1] = 0x41;
    expect(readPngTextChunks(noSeparator)).toEqual({});
  });
});
