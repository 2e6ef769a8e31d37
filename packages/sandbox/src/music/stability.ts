import { randomInt, randomUUID } from 'node:crypto';
import { promptFacts } from './prompt.ts';
import { synthesiseTune, wavFile } from './tune.ts';
import { audio, json, type MusicServerRequest, type MusicServerResponse, pause } from './wire.ts';

/**
 * Stability's `POST /v2beta/audio/stable-audio-2/text-to-audio` (key as `Authorization: Bearer`),
 * multipart/form-data: `prompt` (1–10 000 characters), `duration` (1–190 s, 190 by default),
 * `seed` (0–4 294 967 294; 0 picks one at random, as Stability does), `steps`, `cfg_scale`,
 * `model` (stable-audio-2 or stable-audio-2.5) and `output_format` (`wav` here: the sandbox makes
 * no MP3). `Accept: audio/*` answers the audio itself with a `seed` header; `application/json`
 * answers `{audio (base64), finish_reason, seed}`. Errors in Stability's shape,
 * `{id, name, errors: [...]}`; a copyrighted prompt is refused with 403 `content_moderation`.
 */

export interface StabilitySettings {
  slowMs: number;
}

const sampleRate = 44_100;
const models = new Set(['stable-audio-2', 'stable-audio-2.5']);

class StabilityProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function wholeField(
  form: FormData,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const value = form.get(name);
  if (value === null) return fallback;
  const number =
    typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(number) || number < min || number > max) {
    throw new StabilityProblem(
      400,
      'bad_request',
      `${name}: must be a number from ${min} to ${max}.`,
    );
  }
  return number;
}

async function textToAudio(
  request: MusicServerRequest,
  settings: StabilitySettings,
): Promise<MusicServerResponse> {
  if (!/^Bearer\s+\S+/i.test(request.headers.get('authorization') ?? '')) {
    throw new StabilityProblem(401, 'unauthorized', 'authorization: a Bearer key is required.');
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    throw new StabilityProblem(400, 'bad_request', 'content-type: must be multipart/form-data.');
  }
  let form: FormData;
  try {
    form = await new Response(request.body, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw new StabilityProblem(400, 'bad_request', 'The multipart body could not be read.');
  }
  const prompt = form.get('prompt');
  if (typeof prompt !== 'string' || prompt.trim() === '' || prompt.length > 10_000) {
    throw new StabilityProblem(400, 'bad_request', 'prompt: must be 1 to 10000 characters.');
  }
  const duration = wholeField(form, 'duration', 1, 190, 190);
  const askedSeed = wholeField(form, 'seed', 0, 4_294_967_294, 0);
  wholeField(form, 'steps', 4, 8, 8);
  wholeField(form, 'cfg_scale', 1, 25, 1);
  const model = form.get('model') ?? 'stable-audio-2.5';
  if (typeof model !== 'string' || !models.has(model)) {
    throw new StabilityProblem(
      400,
      'bad_request',
      `model: must be one of ${[...models].join(', ')}.`,
    );
  }
  const format = form.get('output_format') ?? 'mp3';
  if (format !== 'wav') {
    throw new StabilityProblem(400, 'bad_request', 'output_format: the sandbox answers wav only.');
  }

  const facts = promptFacts(prompt);
  if (facts.has('copyrighted')) {
    throw new StabilityProblem(
      403,
      'content_moderation',
      'Your request was flagged by our content moderation system.',
    );
  }
  if (facts.has('rateLimit'))
    throw new StabilityProblem(429, 'rate_limit_exceeded', 'Too many requests.');
  if (facts.has('fail'))
    throw new StabilityProblem(500, 'internal_error', 'The sandbox failed on purpose.');
  if (facts.has('slow')) await pause(settings.slowMs, request.signal);

  const seed = askedSeed === 0 ? randomInt(1, 2_147_483_647) : askedSeed;
  const file = facts.has('malformed')
    ? Buffer.from('ID3\u0004\u0000\u0000not a wave file')
    : wavFile(synthesiseTune({ seconds: duration, seed, sampleRate, channels: 2 }), sampleRate, 2);
  if ((request.headers.get('accept') ?? '').includes('application/json')) {
    return json(200, { audio: file.toString('base64'), finish_reason: 'SUCCESS', seed });
  }
  const response = audio('audio/wav', file);
  response.headers.seed = String(seed);
  response.headers['finish-reason'] = 'SUCCESS';
  return response;
}

/** Answers the text-to-audio route; never throws. */
export async function stabilityTextToAudio(
  request: MusicServerRequest,
  settings: StabilitySettings,
): Promise<MusicServerResponse> {
  try {
    if (request.method !== 'POST')
      throw new StabilityProblem(405, 'method_not_allowed', 'Use POST.');
    return await textToAudio(request, settings);
  } catch (error) {
    if (error instanceof StabilityProblem) {
      return json(
        error.status,
        { id: randomUUID().replace(/-/g, ''), name: error.code, errors: [error.message] },
        error.status === 429 ? { 'retry-after': '7' } : {},
      );
    }
    throw error;
  }
}
