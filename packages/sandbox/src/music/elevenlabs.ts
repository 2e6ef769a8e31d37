import { promptFacts, seedOfText, withoutMagic } from './prompt.ts';
import { pcmBytes, synthesiseTune, wavFile } from './tune.ts';
import {
  audio,
  isRecord,
  json,
  type MusicServerRequest,
  type MusicServerResponse,
  pause,
} from './wire.ts';

/**
 * ElevenLabs' `POST /v1/music` (key in `xi-api-key`): a `prompt` (with `music_length_ms`
 * 3 000–600 000 and `force_instrumental`) or a `composition_plan` (global styles and sections,
 * each 3 000–120 000 ms with up to 30 lines of at most 200 characters), never both; `model_id`
 * music_v1; the audio in `output_format` (query): `pcm_<rate>` (headerless 16-bit mono) or
 * `wav_<rate>`. Errors in ElevenLabs' shape, `{detail: {status, message}}`; a copyrighted prompt
 * is refused with 400 `bad_prompt` and `data.prompt_suggestion` (a plan: `bad_composition_plan`
 * and `data.composition_plan_suggestion`), as ElevenLabs documents.
 */

export interface ElevenLabsSettings {
  slowMs: number;
}

const sampleRates = new Set([8000, 16_000, 22_050, 24_000, 44_100, 48_000]);

class ElevenLabsProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const problem = (error: ElevenLabsProblem, headers: Record<string, string> = {}) =>
  json(
    error.status,
    {
      detail: {
        status: error.code,
        message: error.message,
        ...(error.data ? { data: error.data } : {}),
      },
    },
    headers,
  );

interface PlanSection {
  section_name: string;
  positive_local_styles: string[];
  negative_local_styles: string[];
  duration_ms: number;
  lines: string[];
}

interface Plan {
  positive_global_styles: string[];
  negative_global_styles: string[];
  sections: PlanSection[];
}

const isStrings = (value: unknown, max: number, longest: number): value is string[] =>
  Array.isArray(value) &&
  value.length <= max &&
  value.every((item) => typeof item === 'string' && item.length <= longest);

function readPlan(value: unknown): Plan {
  const invalid = (message: string) =>
    new ElevenLabsProblem(422, 'invalid_composition_plan', message);
  if (!isRecord(value)) throw invalid('composition_plan must be an object.');
  const { positive_global_styles: positive, negative_global_styles: negative, sections } = value;
  if (!isStrings(positive, 50, 1000) || !isStrings(negative, 50, 1000)) {
    throw invalid('positive_global_styles and negative_global_styles must be lists of strings.');
  }
  if (!Array.isArray(sections) || sections.length < 1 || sections.length > 30) {
    throw invalid('sections must hold 1 to 30 sections.');
  }
  return {
    positive_global_styles: positive,
    negative_global_styles: negative,
    sections: sections.map((section: unknown, index) => {
      if (!isRecord(section)) throw invalid(`sections[${index}] must be an object.`);
      const name = section.section_name;
      const duration = section.duration_ms;
      if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
        throw invalid(`sections[${index}].section_name must be 1 to 100 characters.`);
      }
      if (
        typeof duration !== 'number' ||
        !Number.isInteger(duration) ||
        duration < 3000 ||
        duration > 120_000
      ) {
        throw invalid(`sections[${index}].duration_ms must be 3000 to 120000.`);
      }
      if (
        !isStrings(section.positive_local_styles, 50, 1000) ||
        !isStrings(section.negative_local_styles, 50, 1000)
      ) {
        throw invalid(`sections[${index}] styles must be lists of strings.`);
      }
      if (!isStrings(section.lines, 30, 200)) {
        throw invalid(
          `sections[${index}].lines must be at most 30 lines of at most 200 characters.`,
        );
      }
      return {
        section_name: name,
        positive_local_styles: section.positive_local_styles,
        negative_local_styles: section.negative_local_styles,
        duration_ms: duration,
        lines: section.lines,
      };
    }),
  };
}

function planText(plan: Plan): string[] {
  return [
    ...plan.positive_global_styles,
    ...plan.negative_global_styles,
    ...plan.sections.flatMap((section) => [
      section.section_name,
      ...section.positive_local_styles,
      ...section.negative_local_styles,
      ...section.lines,
    ]),
  ];
}

function withoutMagicPlan(plan: Plan): Plan {
  const clean = (list: string[]) => list.map(withoutMagic).filter((item) => item !== '');
  return {
    positive_global_styles: clean(plan.positive_global_styles),
    negative_global_styles: clean(plan.negative_global_styles),
    sections: plan.sections.map((section) => ({
      ...section,
      positive_local_styles: clean(section.positive_local_styles),
      negative_local_styles: clean(section.negative_local_styles),
      lines: clean(section.lines),
    })),
  };
}

function outputFormat(url: URL): { kind: 'pcm' | 'wav'; sampleRate: number } {
  const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
  const match = /^(pcm|wav)_(\d+)$/.exec(format);
  const sampleRate = Number(match?.[2]);
  if (!match || !sampleRates.has(sampleRate)) {
    throw new ElevenLabsProblem(
      422,
      'invalid_output_format',
      `The sandbox answers pcm_<rate> or wav_<rate> only (rates ${[...sampleRates].join(', ')}), not ${format}.`,
    );
  }
  return { kind: match[1] === 'wav' ? 'wav' : 'pcm', sampleRate };
}

async function compose(
  request: MusicServerRequest,
  settings: ElevenLabsSettings,
): Promise<MusicServerResponse> {
  if (!request.headers.get('xi-api-key')) {
    throw new ElevenLabsProblem(
      401,
      'invalid_api_key',
      'Invalid API key: set the xi-api-key header.',
    );
  }
  const url = new URL(request.url, 'http://sandbox.invalid');
  const format = outputFormat(url);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(request.body).toString('utf8'));
  } catch {
    throw new ElevenLabsProblem(400, 'invalid_json', 'The body is not JSON.');
  }
  if (!isRecord(body))
    throw new ElevenLabsProblem(422, 'invalid_request', 'The body must be an object.');
  const modelId = body.model_id ?? 'music_v1';
  if (modelId !== 'music_v1' && modelId !== 'music_v2') {
    throw new ElevenLabsProblem(422, 'invalid_model', `Unknown model_id ${String(modelId)}.`);
  }
  const { prompt, composition_plan: rawPlan } = body;
  if ((prompt === undefined) === (rawPlan === undefined)) {
    throw new ElevenLabsProblem(
      422,
      'invalid_request',
      'Give either prompt or composition_plan, not both.',
    );
  }

  let lengthMs: number;
  let texts: string[];
  let plan: Plan | null = null;
  if (typeof prompt === 'string') {
    if (prompt.trim() === '' || prompt.length > 4100) {
      throw new ElevenLabsProblem(422, 'invalid_prompt', 'prompt must be 1 to 4100 characters.');
    }
    const length = body.music_length_ms ?? 30_000;
    if (
      typeof length !== 'number' ||
      !Number.isInteger(length) ||
      length < 3000 ||
      length > 600_000
    ) {
      throw new ElevenLabsProblem(
        422,
        'invalid_music_length',
        'music_length_ms must be 3000 to 600000.',
      );
    }
    if (body.force_instrumental !== undefined && typeof body.force_instrumental !== 'boolean') {
      throw new ElevenLabsProblem(422, 'invalid_request', 'force_instrumental must be a boolean.');
    }
    lengthMs = length;
    texts = [prompt];
  } else {
    if (body.music_length_ms !== undefined || body.force_instrumental !== undefined) {
      throw new ElevenLabsProblem(
        422,
        'invalid_request',
        'music_length_ms and force_instrumental go with a prompt, not a composition_plan.',
      );
    }
    plan = readPlan(rawPlan);
    lengthMs = plan.sections.reduce((total, section) => total + section.duration_ms, 0);
    if (lengthMs > 600_000) {
      throw new ElevenLabsProblem(
        422,
        'invalid_composition_plan',
        'The sections last more than 600000 ms.',
      );
    }
    texts = planText(plan);
  }

  const facts = promptFacts(...texts);
  if (facts.has('copyrighted')) {
    throw plan
      ? new ElevenLabsProblem(
          400,
          'bad_composition_plan',
          'The composition plan names copyrighted material.',
          {
            composition_plan_suggestion: withoutMagicPlan(plan),
          },
        )
      : new ElevenLabsProblem(400, 'bad_prompt', 'The prompt names copyrighted material.', {
          prompt_suggestion: `An original piece: ${facts.text || 'instrumental music'}`,
        });
  }
  if (facts.has('rateLimit')) {
    throw new ElevenLabsProblem(
      429,
      'too_many_concurrent_requests',
      'Too many concurrent requests.',
    );
  }
  if (facts.has('fail')) {
    throw new ElevenLabsProblem(500, 'internal_server_error', 'The sandbox failed on purpose.');
  }
  if (facts.has('slow')) await pause(settings.slowMs, request.signal);
  const songId = `sandbox-${seedOfText(facts.text + lengthMs).toString(36)}`;
  if (facts.has('malformed')) {
    return audio('text/html', Buffer.from('<html><body>Not audio</body></html>'));
  }
  const samples = synthesiseTune({
    seconds: lengthMs / 1000,
    seed: seedOfText(facts.text),
    sampleRate: format.sampleRate,
    channels: 1,
  });
  const response =
    format.kind === 'wav'
      ? audio('audio/wav', wavFile(samples, format.sampleRate, 1))
      : audio('application/octet-stream', pcmBytes(samples));
  response.headers['song-id'] = songId;
  return response;
}

/** Answers `POST /v1/music`; never throws. */
export async function elevenLabsMusic(
  request: MusicServerRequest,
  settings: ElevenLabsSettings,
): Promise<MusicServerResponse> {
  try {
    if (request.method !== 'POST')
      throw new ElevenLabsProblem(405, 'method_not_allowed', 'Use POST.');
    return await compose(request, settings);
  } catch (error) {
    if (error instanceof ElevenLabsProblem) {
      return problem(error, error.status === 429 ? { 'retry-after': '7' } : {});
    }
    throw error;
  }
}
