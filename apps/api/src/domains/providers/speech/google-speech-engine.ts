import type { ModelPlan } from '@studio/contracts';
import { type CloudVoiceSpec, createCloudVoiceTable } from './cloud-voices.ts';
import {
  clamp,
  mimeTypes,
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import { callSpeechService, checkedAudio, InFlightCalls, malformedAnswer } from './speech-http.ts';

export const googleTtsDefaultBaseUrl = 'https://texttospeech.googleapis.com';

/** A voice name Google's way: a locale, a type, a letter (`vi-VN-Wavenet-A`, `en-US-Neural2-F`). */
export const googleVoiceNamePattern = /^[a-z]{2,3}-[A-Z]{2}-[A-Za-z0-9-]{1,60}$/;

/** Used when GOOGLE_TTS_VOICES is unset. */
export const googleDefaultVoices: CloudVoiceSpec[] = [
  { name: 'vi-VN-Wavenet-A', label: 'WaveNet A (nữ)', languages: ['vi'] },
  { name: 'vi-VN-Wavenet-B', label: 'WaveNet B (nam)', languages: ['vi'] },
  { name: 'en-US-Neural2-F', label: 'Neural2 F (female)', languages: ['en'] },
  { name: 'en-US-Neural2-D', label: 'Neural2 D (male)', languages: ['en'] },
];

/** LINEAR16 answers carry a WAV header (Google adds one); MP3 is MP3. */
const encodings = { wav: 'LINEAR16', mp3: 'MP3' } as const;

/** Pitch as a factor (0.5–2) in Google's semitones: an octave is 12. */
export function semitones(pitch: number): number {
  return Math.round(12 * Math.log2(clamp(pitch, 0.5, 2)) * 100) / 100;
}

export interface GoogleSpeechOptions {
  /** Without /v1: https://texttospeech.googleapis.com. */
  baseUrl: string;
  apiKey: string;
  voices: readonly CloudVoiceSpec[];
  plan: ModelPlan;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const service = 'Google Cloud Text-to-Speech';

/**
 * Google Cloud Text-to-Speech's `POST /v1/text:synthesize`: JSON in, base64 `audioContent` out.
 * The API key goes in the `x-goog-api-key` header, which Google takes as it takes `?key=`, so the
 * key never sits in a URL that a proxy or an error might log. Speed is `speakingRate`, pitch
 * `pitch` in semitones.
 */
export function createGoogleSpeechEngine(options: GoogleSpeechOptions): SpeechEngine {
  const send = options.fetch ?? fetch;
  const table = createCloudVoiceTable(options.voices, {
    provider: 'google',
    engine: () => 'Google Cloud TTS',
    plan: options.plan,
    capabilities: ['speed', 'pitch'],
  });
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/v1/text:synthesize`;
  const inFlight = new InFlightCalls();

  async function synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
    const voice = table.resolve(request);
    if (!googleVoiceNamePattern.test(voice.name)) {
      throw new SpeechError(`The Google voice "${voice.voice.id}" is not a valid voice name.`);
    }
    const audio = await callSpeechService(
      {
        service,
        url: endpoint,
        headers: { 'content-type': 'application/json', 'x-goog-api-key': options.apiKey },
        body: JSON.stringify({
          input: { text: request.text },
          voice: { languageCode: voice.name.split('-').slice(0, 2).join('-'), name: voice.name },
          audioConfig: {
            audioEncoding: encodings[request.format],
            speakingRate: clamp(request.speed, 0.25, 4),
            pitch: semitones(request.pitch),
          },
        }),
        timeoutMs: options.timeoutMs,
        signal,
        fetch: send,
      },
      inFlight,
      async (response) => {
        let answer: unknown;
        try {
          answer = await response.json();
        } catch {
          throw malformedAnswer(service);
        }
        const content = (answer as { audioContent?: unknown } | null)?.audioContent;
        if (typeof content !== 'string') throw malformedAnswer(service);
        return Buffer.from(content, 'base64');
      },
    );
    return {
      audio: checkedAudio(service, request.format, audio),
      mimeType: mimeTypes[request.format],
      format: request.format,
      voice: voice.voice.id,
    };
  }

  return {
    model: 'google-cloud-tts',
    voices: () => table.voices,
    defaultVoices: () => ({ ...table.defaults }),
    synthesize,
    async close() {
      inFlight.abortAll();
    },
  };
}
