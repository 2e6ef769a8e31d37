import { Mp3Encoder } from '@breezystack/lamejs';
import { type EspeakRequest, speakWithEspeak } from './espeak.ts';
import { durationOfPcm, type Pcm16, pcmOfWav, tagMp3, tagWav } from './tagged-audio.ts';
import {
  isRecord,
  languageOfText,
  OpenAIProblem,
  type SpeechServerRequest,
  type SpeechServerResponse,
} from './wire.ts';

/**
 * `POST /v1/audio/speech` as OpenAI's API takes it (`model`, `input`, `voice`,
 * `response_format`, `speed`, `instructions`), answered with real speech: eSpeak NG says the
 * text in English or Vietnamese (the text's own language, or the sandbox's extra `language`
 * field), each OpenAI voice being one of its voice variants. The WAV or MP3 carries the text
 * (tagged-audio.ts), so the sandbox's transcription gives it back exactly. `instructions` is
 * accepted and has no effect: eSpeak NG has no tone to change.
 */

/** OpenAI's eleven voices, each an eSpeak NG variant (f: female, m: male). */
export const sandboxVoices: Record<string, string> = {
  alloy: 'f3',
  ash: 'm3',
  ballad: 'm2',
  coral: 'f4',
  echo: 'm1',
  fable: 'm4',
  nova: 'f2',
  onyx: 'm7',
  sage: 'f1',
  shimmer: 'f5',
  verse: 'm5',
};

const formats = ['mp3', 'wav', 'pcm'] as const;
type Format = (typeof formats)[number];
const contentTypes: Record<Format, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** What OpenAI takes in one request. */
const maxInputCharacters = 4096;

export interface SpeechSettings {
  /** The eSpeak NG worker program (tests pass stand-ins that fail or hang). */
  workerPath?: string;
}

function field<T>(
  body: Record<string, unknown>,
  name: string,
  check: (value: unknown) => value is T,
  message: string,
): T | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!check(value)) throw new OpenAIProblem(400, message, name, 'invalid_value');
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function parseRequest(bytes: Uint8Array) {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new OpenAIProblem(
      400,
      'We could not parse the JSON body of your request.',
      null,
      'invalid_json',
    );
  }
  if (!isRecord(body)) {
    throw new OpenAIProblem(400, 'The request body must be a JSON object.', null, 'invalid_json');
  }
  const model = field(body, 'model', isString, 'model must be a string.');
  if (!model)
    throw new OpenAIProblem(
      400,
      'you must provide a model parameter',
      'model',
      'missing_required_parameter',
    );
  const input = field(body, 'input', isString, 'input must be a string.');
  if (!input || input.trim() === '') {
    throw new OpenAIProblem(
      400,
      'input must be a non-empty string.',
      'input',
      'missing_required_parameter',
    );
  }
  if (input.length > maxInputCharacters) {
    throw new OpenAIProblem(
      400,
      `input must be at most ${maxInputCharacters} characters.`,
      'input',
      'string_above_max_length',
    );
  }
  const voice = field(body, 'voice', isString, 'voice must be a string.');
  const variant = voice === undefined ? undefined : sandboxVoices[voice];
  if (!voice || !variant) {
    throw new OpenAIProblem(
      400,
      `voice must be one of ${Object.keys(sandboxVoices).join(', ')}.`,
      'voice',
      'invalid_value',
    );
  }
  const format =
    field(body, 'response_format', isString, 'response_format must be a string.') ?? 'mp3';
  if (!(formats as readonly string[]).includes(format)) {
    throw new OpenAIProblem(
      400,
      `The sandbox speech server makes ${formats.join(', ')}; response_format "${format}" is not one of them.`,
      'response_format',
      'invalid_value',
    );
  }
  const speed = field(body, 'speed', isNumber, 'speed must be a number.') ?? 1;
  if (speed < 0.25 || speed > 4) {
    throw new OpenAIProblem(400, 'speed must be between 0.25 and 4.0.', 'speed', 'invalid_value');
  }
  field(body, 'instructions', isString, 'instructions must be a string.');
  const language = field(
    body,
    'language',
    (value): value is 'en' | 'vi' => value === 'en' || value === 'vi',
    'language must be en or vi (a sandbox extra; OpenAI tells the language from the text).',
  );
  return {
    input,
    variant,
    format: format as Format,
    speed,
    language: language ?? languageOfText(input),
  };
}

async function encodeMp3(pcm: Pcm16): Promise<Buffer> {
  const encoder = new Mp3Encoder(pcm.channels, pcm.sampleRate, 64);
  const samples = new Int16Array(
    pcm.data.buffer.slice(pcm.data.byteOffset, pcm.data.byteOffset + pcm.data.length),
  );
  const parts: Uint8Array[] = [];
  for (let start = 0; start < samples.length; start += 1152) {
    parts.push(encoder.encodeBuffer(samples.subarray(start, start + 1152)));
    // A turn of the event loop now and then, so a long text never stalls other requests.
    if (start % (1152 * 40) === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  parts.push(encoder.flush());
  return Buffer.concat(
    parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)),
  );
}

export async function speech(
  request: SpeechServerRequest,
  settings: SpeechSettings,
): Promise<SpeechServerResponse> {
  const { input, variant, format, speed, language } = parseRequest(request.body);
  const espeak: EspeakRequest = {
    text: input,
    voice: `${language === 'vi' ? 'vi' : 'en-us'}+${variant}`,
    wordsPerMinute: Math.min(450, Math.max(80, Math.round(175 * speed))),
    pitch: 50,
  };
  let wav: Buffer;
  try {
    wav = await speakWithEspeak(espeak, request.signal, settings.workerPath);
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw new OpenAIProblem(
      500,
      'The sandbox speech server could not speak this text.',
      null,
      'engine_failed',
    );
  }
  const pcm = pcmOfWav(wav);
  if (!pcm)
    throw new OpenAIProblem(
      500,
      'The sandbox speech engine returned no audio.',
      null,
      'engine_failed',
    );
  let audio: Buffer;
  if (format === 'wav') audio = tagWav(wav, input);
  else if (format === 'pcm') audio = Buffer.from(pcm.data);
  else audio = tagMp3(await encodeMp3(pcm), input, durationOfPcm(pcm) * 1000);
  return {
    status: 200,
    headers: { 'content-type': contentTypes[format], 'cache-control': 'no-store' },
    body: audio,
  };
}
