import type { ImageGenerationInput } from '../../src/domains/images/image-model-registry.ts';

/** A plain text-to-image request for one picture, with what a test changes. */
export function generationInput(
  overrides: Partial<ImageGenerationInput> = {},
): ImageGenerationInput {
  return {
    modelId: 'under-test',
    mode: 'generate',
    prompt: 'a lighthouse at dusk',
    negativePrompt: null,
    aspectRatio: '1:1',
    count: 1,
    seed: null,
    style: null,
    source: null,
    mask: null,
    references: [],
    signal: new AbortController().signal,
    ...overrides,
  };
}
