import { type OutputFormat, type PictureSpec, renderPicture } from './picture.ts';
import { type PromptFacts, promptFacts } from './prompt.ts';
import { produceVariants, type VariantsRequest } from './variants.ts';
import { type ImageRequest, type ImageResponse, isRecord, json } from './wire.ts';

/**
 * OpenAI's Images API, as @ai-sdk/openai speaks it: `POST /v1/images/generations` here, the
 * multipart `POST /v1/images/edits` in edits.ts; the checks and the answer both share are here.
 */

type ErrorType = 'invalid_request_error' | 'server_error';

/** An answer OpenAI would give instead of images: `{error: {message, type, param, code}}`. */
export class OpenAIProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null,
    readonly code: string | null,
    readonly type: ErrorType = 'invalid_request_error',
  ) {
    super(message);
  }
}

export function openaiErrorResponse(problem: OpenAIProblem): ImageResponse {
  return json(problem.status, {
    error: {
      message: problem.message,
      type: problem.type,
      param: problem.param,
      code: problem.code,
    },
  });
}

interface ModelProfile {
  /** The most images one request may ask for. */
  maxImages: number;
  maxPromptLength: number;
  edits: boolean;
  /** GPT Image answers report token usage; DALL·E answers do not. */
  reportsUsage: boolean;
  /** DALL·E 3 rewrites every prompt and says how. */
  revisesPrompt: boolean;
}

const gptImage: ModelProfile = {
  maxImages: 10,
  maxPromptLength: 32_000,
  edits: true,
  reportsUsage: true,
  revisesPrompt: false,
};

const modelProfiles: Record<string, ModelProfile> = {
  sandbox: gptImage,
  'dall-e-2': {
    maxImages: 10,
    maxPromptLength: 1000,
    edits: true,
    reportsUsage: false,
    revisesPrompt: false,
  },
  'dall-e-3': {
    maxImages: 1,
    maxPromptLength: 4000,
    edits: false,
    reportsUsage: false,
    revisesPrompt: true,
  },
};

/** The models this server answers for: sandbox, dall-e-2, dall-e-3 and the gpt-image family. */
export function modelProfileOf(model: string): ModelProfile {
  const profile = modelProfiles[model] ?? (model.startsWith('gpt-image-') ? gptImage : undefined);
  if (!profile) {
    throw new OpenAIProblem(400, `Invalid value for 'model' = ${model}.`, 'model', 'invalid_value');
  }
  return profile;
}

/** `Authorization` may be absent (a local server), but a present one must carry a key. */
export function checkOpenAIKey(headers: Headers): void {
  const authorization = headers.get('authorization');
  if (authorization === null) return;
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (!key) {
    throw new OpenAIProblem(
      401,
      'You did not provide an API key: the Authorization header must be "Bearer <key>".',
      null,
      'invalid_api_key',
    );
  }
}

export const minSide = 64;
export const maxSide = 2048;

/** `WxH` with sides from 64 to 2048, or `auto` (null: the caller's default). */
export function sizeOf(value: unknown): { width: number; height: number } | null {
  if (value === undefined || value === null || value === 'auto') return null;
  const match = typeof value === 'string' ? /^(\d{1,5})x(\d{1,5})$/.exec(value) : null;
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  const fits = (side: number) => side >= minSide && side <= maxSide;
  if (!match || !fits(width) || !fits(height)) {
    throw new OpenAIProblem(
      400,
      `Invalid value for 'size' = ${String(value)}: use 'auto' or WIDTHxHEIGHT with sides from ${minSide} to ${maxSide}, such as 1024x1024, 1536x1024 or 1024x1536.`,
      'size',
      'invalid_value',
    );
  }
  return { width, height };
}

/** A whole number from a JSON number or a multipart field's text. */
function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return null;
}

function wholeNumberIn(value: unknown, param: string, min: number, max: number): number | null {
  if (value === undefined || value === null) return null;
  const number = wholeNumber(value);
  if (number === null || number < min || number > max) {
    throw new OpenAIProblem(
      400,
      `Invalid value for '${param}' = ${String(value)}: it must be a whole number from ${min} to ${max}.`,
      param,
      'invalid_value',
    );
  }
  return number;
}

export function countOf(value: unknown, profile: ModelProfile, model: string): number {
  const count = wholeNumberIn(value, 'n', 1, 10) ?? 1;
  if (count > profile.maxImages) {
    throw new OpenAIProblem(
      400,
      `Invalid value for 'n': ${model} makes at most ${profile.maxImages} image per request.`,
      'n',
      'invalid_value',
    );
  }
  return count;
}

/** The sandbox's own extra: a seed (OpenAI's models take none) for repeatable pictures. */
export const seedOf = (value: unknown) => wholeNumberIn(value, 'seed', 0, 4_294_967_295);

export function optionalText(value: unknown, param: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw new OpenAIProblem(400, `'${param}' must be a string.`, param, 'invalid_type');
  }
  return value;
}

export function promptOf(value: unknown, profile: ModelProfile, model: string): PromptFacts {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new OpenAIProblem(
      400,
      "Missing required parameter: 'prompt'.",
      'prompt',
      'missing_required_parameter',
    );
  }
  if (value.length > profile.maxPromptLength) {
    throw new OpenAIProblem(
      400,
      `Invalid 'prompt': ${model} takes at most ${profile.maxPromptLength} characters, this one has ${value.length}.`,
      'prompt',
      'string_above_max_length',
    );
  }
  return promptFacts(value);
}

export function outputFormatOf(value: unknown): OutputFormat {
  if (value === undefined || value === null) return 'png';
  if (value === 'png' || value === 'jpeg' || value === 'webp') return value;
  throw new OpenAIProblem(
    400,
    `Invalid value for 'output_format' = ${String(value)}: use png, jpeg or webp.`,
    'output_format',
    'invalid_value',
  );
}

/** Only b64_json: the sandbox keeps no files to link to. */
export function checkResponseFormat(value: unknown): void {
  if (value === undefined || value === null || value === 'b64_json') return;
  throw new OpenAIProblem(
    400,
    `Invalid value for 'response_format' = ${String(value)}: the sandbox answers with b64_json only.`,
    'response_format',
    'invalid_value',
  );
}

/** A rough token count (words), enough for usage figures that add up. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

export interface OpenAIJob extends VariantsRequest {
  profile: ModelProfile;
  format: OutputFormat;
  /** Images sent in (edits), for the usage figures. */
  inputImages: number;
}

/**
 * Make the variants and answer: the images, or the error a magic word asked for. `draw` makes
 * one encoded picture (generations draw it, edits paint it over the source).
 */
export async function respond(
  job: OpenAIJob,
  request: ImageRequest,
  settings: OpenAISettings,
  draw: (spec: PictureSpec) => Promise<Buffer>,
): Promise<ImageResponse> {
  const { profile, facts } = job;
  const produced = await produceVariants(job, settings.slowMs, request.signal, draw);
  if (produced.outcome === 'fail') {
    return openaiErrorResponse(
      new OpenAIProblem(
        500,
        'The server had an error while processing your request (the sandbox fails on purpose: the prompt contains [fail]).',
        null,
        null,
        'server_error',
      ),
    );
  }
  if (produced.outcome === 'refuse') {
    return openaiErrorResponse(
      new OpenAIProblem(
        400,
        'Your request was rejected as a result of our safety system (the sandbox refuses on purpose: the prompt contains [refuse]).',
        null,
        'content_policy_violation',
      ),
    );
  }
  const pixels = job.width * job.height;
  const textTokens = words(facts.text);
  const imageTokens = job.inputImages * 256;
  const outputTokens = produced.images.length * Math.ceil(pixels / 1024);
  return json(200, {
    created: Math.floor(settings.now().getTime() / 1000),
    data: produced.images.map((image) => ({
      b64_json: image.toString('base64'),
      ...(profile.revisesPrompt ? { revised_prompt: facts.text } : {}),
    })),
    size: `${job.width}x${job.height}`,
    output_format: job.format,
    ...(profile.reportsUsage
      ? {
          usage: {
            input_tokens: textTokens + imageTokens,
            output_tokens: outputTokens,
            total_tokens: textTokens + imageTokens + outputTokens,
            input_tokens_details: { text_tokens: textTokens, image_tokens: imageTokens },
          },
        }
      : {}),
  });
}

export interface OpenAISettings {
  slowMs: number;
  now: () => Date;
}

/** `POST /v1/images/generations`: JSON in, `{created, data: [{b64_json}], usage}` out. */
export async function generations(
  request: ImageRequest,
  settings: OpenAISettings,
): Promise<ImageResponse> {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    throw new OpenAIProblem(400, 'The request body is not valid JSON.', null, 'invalid_json');
  }
  if (!isRecord(body)) {
    throw new OpenAIProblem(400, 'The request body must be a JSON object.', null, 'invalid_json');
  }
  // OpenAI's own default when no model is named.
  const model = optionalText(body['model'], 'model') ?? 'dall-e-2';
  const profile = modelProfileOf(model);
  const facts = promptOf(body['prompt'], profile, model);
  const count = countOf(body['n'], profile, model);
  const { width, height } = sizeOf(body['size']) ?? { width: 1024, height: 1024 };
  const format = outputFormatOf(body['output_format']);
  checkResponseFormat(body['response_format']);
  return respond(
    {
      profile,
      facts,
      negativePrompt: optionalText(body['negative_prompt'], 'negative_prompt'),
      style: optionalText(body['style'], 'style'),
      count,
      seed: seedOf(body['seed']),
      width,
      height,
      format,
      inputImages: 0,
    },
    request,
    settings,
    (spec) => renderPicture(spec, format),
  );
}
