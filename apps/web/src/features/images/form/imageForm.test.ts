import type { GeneratedImage, ImageModel } from '@studio/contracts';
import { IMAGE_PROMPT_MAX_LENGTH, IMAGE_SEED_MAX } from '@studio/contracts/imageOptions';
import { describe, expect, it } from 'vitest';
import {
  initialForm,
  loadParameters,
  parseSeed,
  reuseSettings,
  startFrom,
  toGenerationCall,
  validateForm,
  type ImageFormState,
} from './imageForm';

const everything: ImageModel = {
  id: 'sandbox',
  name: 'Sandbox image',
  provider: 'sandbox',
  capabilities: ['edit', 'mask', 'variation', 'negative-prompt', 'seed', 'reference-images'],
  plan: 'free',
  available: true,
};
const plain: ImageModel = { ...everything, id: 'plain', name: 'Plain', capabilities: [] };
const locked: ImageModel = { ...everything, id: 'locked', name: 'Locked', available: false };

const form = (change: Partial<ImageFormState> = {}): ImageFormState => ({
  ...initialForm('imagen', 'sandbox'),
  prompt: 'A red fox in the snow',
  ...change,
});

const image = (change: Partial<GeneratedImage> = {}): GeneratedImage => ({
  id: 'img-1',
  jobId: 'job-1',
  index: 0,
  tool: 'imagen',
  mode: 'generate',
  prompt: 'Phố cổ Hội An về đêm',
  negativePrompt: 'blur',
  modelId: 'sandbox',
  modelName: 'Sandbox image',
  seed: 42,
  aspectRatio: '16:9',
  style: null,
  width: 1536,
  height: 1024,
  parentId: null,
  createdAt: '2026-11-21T09:30:00.000Z',
  fileUrl: '/api/images/img-1/file',
  ...change,
});

describe('validateForm (the server’s rules, before anything is sent)', () => {
  it('accepts a described picture', () => {
    expect(validateForm(form(), everything)).toEqual({});
  });

  it('asks for a description, except for a variation', () => {
    expect(validateForm(form({ prompt: '   ' }), everything).prompt).toBe('promptRequired');
    const source = { kind: 'image' as const, image: image() };
    expect(validateForm(form({ prompt: '', mode: 'variation', source }), everything)).toEqual({});
  });

  it('limits the description and the negative prompt', () => {
    const long = 'a'.repeat(IMAGE_PROMPT_MAX_LENGTH + 1);
    expect(validateForm(form({ prompt: long }), everything).prompt).toBe('promptTooLong');
    expect(
      validateForm(form({ negativePrompt: 'b'.repeat(1001) }), everything).negativePrompt,
    ).toBe('negativePromptTooLong');
  });

  it('takes a seed from 0 to the largest, or none', () => {
    expect(parseSeed('')).toBeNull();
    expect(parseSeed(' 7 ')).toBe(7);
    expect(parseSeed(String(IMAGE_SEED_MAX))).toBe(IMAGE_SEED_MAX);
    expect(parseSeed(String(IMAGE_SEED_MAX + 1))).toBeUndefined();
    expect(parseSeed('-1')).toBeUndefined();
    expect(parseSeed('1.5')).toBeUndefined();
    expect(validateForm(form({ seed: 'abc' }), everything).seed).toBe('seedInvalid');
  });

  it('keeps the count of pictures from 1 to 4', () => {
    expect(validateForm(form({ variants: 0 }), everything).variants).toBe('variantsInvalid');
    expect(validateForm(form({ variants: 5 }), everything).variants).toBe('variantsInvalid');
    expect(validateForm(form({ variants: 4 }), everything)).toEqual({});
  });

  it('needs a source to edit, and a model that can', () => {
    expect(validateForm(form({ mode: 'edit' }), everything).source).toBe('sourceRequired');
    const source = { kind: 'image' as const, image: image() };
    expect(validateForm(form({ mode: 'edit', source }), plain).model).toBe('modelCannot');
    expect(validateForm(form(), undefined).model).toBe('modelRequired');
  });
});

describe('toGenerationCall', () => {
  it('sends only what the model takes', () => {
    const asked = form({
      negativePrompt: 'text',
      seed: '12',
      references: [new File(['x'], 'r.png')],
    });
    const full = toGenerationCall(asked, 'imagen', everything);
    expect(full.request).toMatchObject({ negativePrompt: 'text', seed: 12, modelId: 'sandbox' });
    expect(full.files.references).toHaveLength(1);
    const bare = toGenerationCall(asked, 'imagen', plain);
    expect(bare.request).not.toHaveProperty('negativePrompt');
    expect(bare.request).not.toHaveProperty('seed');
    expect(bare.files.references).toEqual([]);
  });

  it('names a gallery source by id, and sends a visitor’s picture as a file', () => {
    const mine = toGenerationCall(
      form({ mode: 'edit', source: { kind: 'image', image: image() } }),
      'imagen',
      everything,
      new Blob(['mask']),
    );
    expect(mine.request.sourceImageId).toBe('img-1');
    expect(mine.files.mask).toBeInstanceOf(Blob);
    const visitors = image({ id: 'job-9:1', fileUrl: '/api/images/jobs/job-9/images/1' });
    const theirs = toGenerationCall(
      form({ mode: 'variation', source: { kind: 'image', image: visitors } }),
      'imagen',
      everything,
    );
    expect(theirs.request).not.toHaveProperty('sourceImageId');
    expect(theirs.sourceFileUrl).toBe('/api/images/jobs/job-9/images/1');
    expect(theirs.files.mask).toBeUndefined();
  });

  it('sends the anime style preset', () => {
    const anime = { ...initialForm('anime', 'sandbox'), prompt: 'A cat' };
    expect(toGenerationCall(anime, 'anime', everything).request).toMatchObject({
      tool: 'anime',
      style: 'anime',
    });
  });
});

describe('filling the form from a picture', () => {
  it('reuses its settings, keeping the current model when its own is locked', () => {
    const reused = reuseSettings(form(), image({ modelId: 'locked' }), [everything, locked]);
    expect(reused).toMatchObject({
      mode: 'generate',
      prompt: 'Phố cổ Hội An về đêm',
      negativePrompt: 'blur',
      seed: '42',
      aspectRatio: '16:9',
      modelId: 'sandbox',
      parentImageId: 'img-1',
    });
  });

  it('starts an edit or a variation from it', () => {
    expect(startFrom(form(), image(), 'edit')).toMatchObject({
      mode: 'edit',
      source: { kind: 'image', image: { id: 'img-1' } },
      maskStrokes: [],
    });
  });

  it('loads a PNG’s parameters, matching the model by name', () => {
    const loaded = loadParameters(
      form({ modelId: 'plain' }),
      {
        prompt: 'A lighthouse',
        negativePrompt: null,
        seed: 7,
        width: 1024,
        height: 1024,
        model: 'Sandbox image',
        aspectRatio: '1:1',
        mode: 'generate',
        style: null,
        tool: 'imagen',
      },
      [everything, plain],
    );
    expect(loaded).toMatchObject({ prompt: 'A lighthouse', seed: '7', modelId: 'sandbox' });
  });
});
