import type { Voice } from '@studio/contracts';
import { failureOfStatus } from '../provider-failure.ts';
import {
  chooseVoice,
  clamp,
  mimeTypes,
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';

export const openAiEngineName = 'openai';
/** A voice's id is this prefix and the service's voice name: `openai:alloy`. */
const openAiProvider = 'openai';

/**
 * OpenAI's voices speak every language they are given, so they are listed once under 'mul'
 * (BCP 47: multiple languages) rather than once per language.
 */
const openAiVoiceNames = [
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

export interface OpenAiSpeechOptions {
  /** Up to and including /v1, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** Tests pass a fetch bound to a local fake upstream; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * An OpenAI-compatible `POST /audio/speech` service (OpenAI, Azure OpenAI, LocalAI, Kokoro-FastAPI...).
 * Pitch is not part of that API and is ignored by this engine; speed is passed through (0.5–2 is
 * within its 0.25–4).
 */
export function createOpenAiSpeechEngine(options: OpenAiSpeechOptions): SpeechEngine {
  const send = options.fetch ?? fetch;
  const voices: Voice[] = openAiVoiceNames.map((name) => ({
    id: `${openAiProvider}:${name}`,
    name: name.charAt(0).toUpperCase() + name.slice(1),
    language: 'mul',
    engine: openAiEngineName,
    provider: openAiProvider,
    quality: 'cloud-neural',
    plan: 'free',
    capabilities: ['speed'],
    sandbox: false,
  }));
  const defaults: Record<string, string> = {
    en: 'openai:alloy',
    vi: 'openai:nova',
    mul: 'openai:alloy',
  };
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  const inFlight = new Set<AbortController>();

  async function synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
    const voice = chooseVoice(voices, defaults, request);
    const controller = new AbortController();
    inFlight.add(controller);
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const stop = AbortSignal.any([controller.signal, timeout, ...(signal ? [signal] : [])]);
    let response: Response;
    let audio: Buffer;
    try {
      response = await send(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: mimeTypes[request.format],
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          input: request.text,
          voice: voice.slice(openAiProvider.length + 1),
          response_format: request.format,
          speed: clamp(request.speed, 0.25, 4),
        }),
        signal: stop,
      });
      if (!response.ok) {
        // Its body is not read: an error message may quote the text it was asked to speak.
        await response.body?.cancel().catch(() => {});
        throw new SpeechError(`The speech service answered ${response.status}.`, {
          failure: failureOfStatus(response.status),
        });
      }
      audio = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof SpeechError) throw error;
      if (timeout.aborted) {
        throw new SpeechError(
          `The speech service took longer than ${options.timeoutMs / 1000} s and was stopped.`,
          { failure: { kind: 'total-timeout', status: null, retryAfterSeconds: null } },
        );
      }
      if (stop.aborted) throw new SpeechError('Speaking was cancelled.');
      throw new SpeechError('The speech service could not be reached.', {
        cause: error,
        failure: { kind: 'network', status: null, retryAfterSeconds: null },
      });
    } finally {
      inFlight.delete(controller);
    }
    if (audio.length === 0) {
      throw new SpeechError('The speech service returned no audio.', {
        failure: { kind: 'empty', status: null, retryAfterSeconds: null },
      });
    }
    if (!looksLike(request.format, audio)) {
      throw new SpeechError(`The speech service did not return ${request.format} audio.`, {
        failure: { kind: 'malformed', status: null, retryAfterSeconds: null },
      });
    }
    return { audio, mimeType: mimeTypes[request.format], format: request.format, voice };
  }

  return {
    model: options.model,
    voices: () => voices,
    defaultVoices: () => ({ ...defaults }),
    synthesize,
    async close() {
      for (const controller of inFlight) controller.abort();
    },
  };
}

/** The format's signature, so an HTML error page with status 200 is not played as audio. */
function looksLike(format: SpeechRequest['format'], audio: Buffer): boolean {
  if (format === 'wav') {
    return audio.toString('ascii', 0, 4) === 'RIFF' && audio.toString('ascii', 8, 12) === 'WAVE';
  }
  // An ID3 tag, or an MPEG frame sync (11 set bits).
  return (
    audio.toString('ascii', 0, 3) === 'ID3' ||
    (audio.length > 1 && audio[0] === 0xff && ((audio[1] ?? 0) & 0xe0) === 0xe0)
  );
}
