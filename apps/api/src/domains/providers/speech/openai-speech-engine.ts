import type { ModelPlan, VoiceCapability } from '@studio/contracts';
import { type CloudVoiceSpec, createCloudVoiceTable, labelOf } from './cloud-voices.ts';
import {
  clamp,
  mimeTypes,
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import { callSpeechService, checkedAudio, InFlightCalls } from './speech-http.ts';

export const openAiEngineName = 'openai';
export const defaultOpenAiSpeechModel = 'gpt-4o-mini-tts';

/** What OpenAI takes in one request (its `input` limit). */
export const openAiMaxInputCharacters = 4096;

/**
 * OpenAI's voices. They speak every language they are given, Vietnamese included, so each is
 * listed for both; `ballad` and `verse` are gpt-4o-mini-tts's only (tts-1 refuses them).
 */
const everyModelVoices = [
  'alloy',
  'ash',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
];
const gpt4oOnlyVoices = ['ballad', 'verse'];

/** Only the gpt-4o TTS models take `instructions` (tone, accent, pace); tts-1 ignores it. */
export function takesInstructions(model: string): boolean {
  return /^gpt-4o(?:-mini)?-tts\b/.test(model);
}

/** OpenAI's own voices for the model: every language, each voice. */
export function openAiVoices(model: string): CloudVoiceSpec[] {
  const names = takesInstructions(model)
    ? [...everyModelVoices, ...gpt4oOnlyVoices].sort()
    : everyModelVoices;
  return names.map((name) => ({ name, label: labelOf(name), languages: ['en', 'vi'] }));
}

export interface OpenAiSpeechOptions {
  /** Up to and including /v1, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | null;
  /** `gpt-4o-mini-tts`, `tts-1`, `tts-1-hd`, or a self-hosted server's (`kokoro`). */
  model: string;
  timeoutMs: number;
  /** The voices the service has (SPEECH_VOICES); OpenAI's own when unset. */
  voices?: readonly CloudVoiceSpec[];
  /** The plan its voices need; pro when unset (a cloud voice costs money per character). */
  plan?: ModelPlan;
  /** `sandbox` for the app's own stand-in (packages/sandbox), so pages can say so. */
  provider?: 'openai' | 'sandbox';
  /** Tests pass a fetch bound to a local fake upstream; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * OpenAI's `POST /v1/audio/speech`, or any server that speaks it (Kokoro-FastAPI, Speaches,
 * LocalAI, the sandbox) through the base URL and its own voice list. Pitch is not part of that
 * API; speed is (0.25–4); `instructions` only for the gpt-4o TTS models. WAV or MP3 as asked.
 */
export function createOpenAiSpeechEngine(options: OpenAiSpeechOptions): SpeechEngine {
  const send = options.fetch ?? fetch;
  const provider = options.provider ?? 'openai';
  const instructions = takesInstructions(options.model);
  const capabilities: VoiceCapability[] = instructions ? ['speed', 'instructions'] : ['speed'];
  const table = createCloudVoiceTable(options.voices ?? openAiVoices(options.model), {
    provider,
    engine: () => options.model,
    plan: options.plan ?? (provider === 'sandbox' ? 'free' : 'pro'),
    capabilities,
    sandbox: provider === 'sandbox',
  });
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  const service = provider === 'sandbox' ? 'The sandbox speech server' : 'The speech service';
  const inFlight = new InFlightCalls();

  async function synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
    const voice = table.resolve(request);
    if (request.text.length > openAiMaxInputCharacters) {
      throw new SpeechError(
        `The text is too long for one request to the speech service (at most ${openAiMaxInputCharacters} characters).`,
      );
    }
    const wanted = instructions ? request.instructions?.trim() : undefined;
    const audio = await callSpeechService(
      {
        service,
        url: endpoint,
        headers: {
          'content-type': 'application/json',
          accept: mimeTypes[request.format],
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          input: request.text,
          voice: voice.name,
          response_format: request.format,
          speed: clamp(request.speed, 0.25, 4),
          ...(wanted ? { instructions: wanted } : {}),
        }),
        timeoutMs: options.timeoutMs,
        signal,
        fetch: send,
      },
      inFlight,
      async (response) => Buffer.from(await response.arrayBuffer()),
    );
    return {
      audio: checkedAudio(service, request.format, audio),
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
