import { renderPicture } from './picture.ts';
import { promptFacts } from './prompt.ts';
import { produceVariants } from './variants.ts';
import { type ImageRequest, type ImageResponse, isRecord, json } from './wire.ts';

/**
 * Imagen through the Gemini API, as @ai-sdk/google speaks it:
 * `POST /v1beta/models/{model}:predict` with `{instances: [{prompt}], parameters: {sampleCount,
 * aspectRatio, personGeneration, …}}` → `{predictions: [{bytesBase64Encoded, mimeType}]}`.
 * Errors are Google's: `{error: {code, message, status}}`.
 */

type GoogleStatus = 'INVALID_ARGUMENT' | 'NOT_FOUND' | 'INTERNAL';

export class GoogleProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly googleStatus: GoogleStatus,
  ) {
    super(message);
  }
}

export function googleErrorResponse(problem: GoogleProblem): ImageResponse {
  return json(problem.status, {
    error: { code: problem.status, message: problem.message, status: problem.googleStatus },
  });
}

const invalid = (message: string) => new GoogleProblem(400, message, 'INVALID_ARGUMENT');

/** `models/{model}:predict`: Imagen ids (imagen-4.0-generate-001, …-fast-…, …-ultra-…) and ours. */
export const predictPath = /^\/v1beta\/models\/([^/:]+):predict$/;
const imagenModel = /^imagen-\d+(?:\.\d+)*-(?:fast-|ultra-)?generate-[\w.-]+$/;
const sandboxImagenModel = 'sandbox-imagen';

/** Imagen's output sizes for each aspect ratio at 1K; 2K doubles them. */
const sizes: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '3:4': [896, 1280],
  '4:3': [1280, 896],
  '9:16': [768, 1408],
  '16:9': [1408, 768],
};

/** Google's API key rides in `x-goog-api-key` or `?key=`; either may be absent, never empty. */
function checkGoogleKey(request: ImageRequest): void {
  const header = request.headers.get('x-goog-api-key');
  const query = new URL(request.url, 'http://sandbox.invalid').searchParams.get('key');
  if ((header !== null && header.trim() === '') || (query !== null && query.trim() === '')) {
    throw invalid('API key not valid. Please pass a valid API key.');
  }
}

function parametersOf(value: unknown) {
  if (value === undefined) return {};
  if (!isRecord(value)) throw invalid('Invalid JSON payload: parameters must be an object.');
  return value;
}

function sampleCountOf(value: unknown): number {
  // Imagen's own default is four pictures.
  if (value === undefined) return 4;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 4) {
    throw invalid(`sampleCount must be a whole number from 1 to 4, not ${JSON.stringify(value)}.`);
  }
  return value;
}

function sizeOf(aspectRatio: unknown, sampleImageSize: unknown): [number, number] {
  const ratio = aspectRatio ?? '1:1';
  const size = typeof ratio === 'string' ? sizes[ratio] : undefined;
  if (!size) {
    throw invalid(
      `aspectRatio ${JSON.stringify(ratio)} is not supported: use ${Object.keys(sizes).join(', ')}.`,
    );
  }
  if (sampleImageSize === undefined || sampleImageSize === '1K') return size;
  if (sampleImageSize === '2K') return [size[0] * 2, size[1] * 2];
  throw invalid(`sampleImageSize must be "1K" or "2K", not ${JSON.stringify(sampleImageSize)}.`);
}

function seedOf(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 4_294_967_295) {
    throw invalid(
      `seed must be a whole number from 0 to 4294967295, not ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

const personGenerations = new Set(['dont_allow', 'allow_adult', 'allow_all']);

function promptOf(instances: unknown): string {
  if (!Array.isArray(instances) || instances.length !== 1) {
    throw invalid('instances must hold exactly one {prompt}.');
  }
  const prompt: unknown = isRecord(instances[0]) ? instances[0]['prompt'] : undefined;
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    throw invalid('instances[0].prompt is required.');
  }
  return prompt;
}

export async function predict(
  request: ImageRequest,
  model: string,
  settings: { slowMs: number },
): Promise<ImageResponse> {
  checkGoogleKey(request);
  if (model !== sandboxImagenModel && !imagenModel.test(model)) {
    throw new GoogleProblem(
      404,
      `models/${model} is not found for API version v1beta, or is not supported for predict.`,
      'NOT_FOUND',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
  if (!isRecord(body)) throw invalid('Invalid JSON payload: the body must be an object.');
  const prompt = promptOf(body['instances']);
  const parameters = parametersOf(body['parameters']);
  const count = sampleCountOf(parameters['sampleCount']);
  const [width, height] = sizeOf(parameters['aspectRatio'], parameters['sampleImageSize']);
  const person = parameters['personGeneration'];
  if (person !== undefined && !personGenerations.has(String(person))) {
    throw invalid(`personGeneration must be one of ${[...personGenerations].join(', ')}.`);
  }
  const negativePrompt = parameters['negativePrompt'];
  if (negativePrompt !== undefined && typeof negativePrompt !== 'string') {
    throw invalid('negativePrompt must be a string.');
  }
  const facts = promptFacts(prompt);
  const produced = await produceVariants(
    {
      facts,
      negativePrompt: negativePrompt ?? null,
      style: null,
      count,
      seed: seedOf(parameters['seed']),
      width,
      height,
    },
    settings.slowMs,
    request.signal,
    (spec) => renderPicture(spec, 'png'),
  );
  if (produced.outcome === 'fail') {
    return googleErrorResponse(
      new GoogleProblem(
        500,
        'Internal error encountered (the sandbox fails on purpose: the prompt contains [fail]).',
        'INTERNAL',
      ),
    );
  }
  if (produced.outcome === 'refuse') {
    return googleErrorResponse(
      invalid(
        "Image generation failed with the following error: The prompt could not be submitted. This prompt contains sensitive words that violate Google's Responsible AI practices. Try rephrasing the prompt. (The sandbox refuses on purpose: the prompt contains [refuse].)",
      ),
    );
  }
  return json(200, {
    predictions: produced.images.map((image) => ({
      bytesBase64Encoded: image.toString('base64'),
      mimeType: 'image/png',
    })),
  });
}
