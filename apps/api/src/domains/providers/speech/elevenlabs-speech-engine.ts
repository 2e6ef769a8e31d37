import type { ModelPlan, VoiceLanguage } from '@studio/contracts';
import { type CloudVoiceSpec, createCloudVoiceTable } from './cloud-voices.ts';
import {
  clamp,
  mimeTypes,
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import { callSpeechService, checkedAudio, InFlightCalls } from './speech-http.ts';
import { writeWav } from './wav.ts';

export const elevenLabsDefaultBaseUrl = 'https://api.elevenlabs.io';
export const elevenLabsDefaultModel = 'eleven_multilingual_v2';
export const elevenLabsDefaultVietnameseModel = 'eleven_flash_v2_5';

/** The models that speak Vietnamese (multilingual_v2 does not). */
export const elevenLabsVietnameseModels = [
  'eleven_flash_v2_5',
  'eleven_turbo_v2_5',
  'eleven_v3',
] as const;

/**
 * Two of ElevenLabs' default voices (every account has them), used when ELEVENLABS_VOICES is
 * unset; both speak either language with a model that does.
 */
export const elevenLabsDefaultVoices: CloudVoiceSpec[] = [
  { name: 'EXAVITQu4vr4xnSDxMaL', label: 'Sarah', languages: ['en', 'vi'] },
  { name: 'JBFqnCBsd6RMkjVDRZzb', label: 'George', languages: ['en', 'vi'] },
];

/** A voice id as ElevenLabs makes them (letters and digits), safe in a URL path. */
export const elevenLabsVoiceIdPattern = /^[A-Za-z0-9]{1,64}$/;

/** ElevenLabs' `output_format`s this engine asks for: MP3, or raw PCM it wraps as WAV. */
const outputFormats = { mp3: 'mp3_44100_128', wav: 'pcm_24000' } as const;
const pcmSampleRate = 24_000;

/** The models whose requests may name the language (`language_code`); others infer it. */
const languageEnforcing = /^eleven_(?:flash|turbo)_v2_5$/;

export interface ElevenLabsSpeechOptions {
  /** Without /v1: https://api.elevenlabs.io. */
  baseUrl: string;
  apiKey: string;
  /** English (and any voice of another language than Vietnamese). */
  model: string;
  /** Vietnamese: one of elevenLabsVietnameseModels. */
  vietnameseModel: string;
  voices: readonly CloudVoiceSpec[];
  plan: ModelPlan;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const service = 'ElevenLabs';

/**
 * ElevenLabs' `POST /v1/text-to-speech/{voice_id}` (key in `xi-api-key`): the English model for
 * English, a model that speaks Vietnamese for Vietnamese. Speed is its voice setting (0.7–1.2);
 * it has no pitch.
 */
export function createElevenLabsSpeechEngine(options: ElevenLabsSpeechOptions): SpeechEngine {
  const send = options.fetch ?? fetch;
  const modelFor = (language: VoiceLanguage) =>
    language === 'vi' ? options.vietnameseModel : options.model;
  const table = createCloudVoiceTable(options.voices, {
    provider: 'elevenlabs',
    engine: modelFor,
    plan: options.plan,
    capabilities: ['speed'],
  });
  const base = options.baseUrl.replace(/\/+$/, '');
  const inFlight = new InFlightCalls();

  async function synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
    const voice = table.resolve(request);
    if (!elevenLabsVoiceIdPattern.test(voice.name)) {
      throw new SpeechError(`The ElevenLabs voice "${voice.voice.id}" is not a valid voice id.`);
    }
    const model = modelFor(voice.language);
    const url = `${base}/v1/text-to-speech/${voice.name}?output_format=${outputFormats[request.format]}`;
    const audio = await callSpeechService(
      {
        service,
        url,
        headers: {
          'content-type': 'application/json',
          accept: request.format === 'mp3' ? mimeTypes.mp3 : 'application/octet-stream',
          'xi-api-key': options.apiKey,
        },
        body: JSON.stringify({
          text: request.text,
          model_id: model,
          ...(languageEnforcing.test(model) ? { language_code: voice.language } : {}),
          voice_settings: { speed: clamp(request.speed, 0.7, 1.2) },
        }),
        timeoutMs: options.timeoutMs,
        signal,
        fetch: send,
      },
      inFlight,
      async (response) => Buffer.from(await response.arrayBuffer()),
    );
    return {
      audio:
        request.format === 'wav' ? wavOfPcm(audio) : checkedAudio(service, request.format, audio),
      mimeType: mimeTypes[request.format],
      format: request.format,
      voice: voice.voice.id,
    };
  }

  return {
    model: options.model,
    voices: () => table.voices,
    defaultVoices: () => ({ ...table.defaults }),
    synthesize,
    async close() {
      inFlight.abortAll();
    },
  };
}

/** ElevenLabs' PCM is headerless 16-bit little-endian mono: checked, then given a WAV header. */
function wavOfPcm(pcm: Buffer): Buffer {
  if (pcm.length === 0) return checkedAudio(service, 'wav', pcm);
  // A JSON or HTML body with status 200, or a cut-off sample, is not the PCM that was asked for.
  const first = pcm.toString('ascii', 0, 1);
  if (pcm.length % 2 !== 0 || first === '{' || first === '<') {
    throw new SpeechError(`${service} did not return wav audio.`, {
      failure: { kind: 'malformed', status: null, retryAfterSeconds: null },
    });
  }
  const samples = new Int16Array(pcm.length / 2);
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = pcm.readInt16LE(index * 2);
  }
  return writeWav({ sampleRate: pcmSampleRate, channels: 1, samples });
}
