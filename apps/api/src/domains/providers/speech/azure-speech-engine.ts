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
import { callSpeechService, checkedAudio, InFlightCalls } from './speech-http.ts';

/** Azure's address for a region (its text-to-speech REST endpoint lives under it). */
export function azureSpeechBaseUrl(region: string): string {
  return `https://${region}.tts.speech.microsoft.com`;
}

/** A voice name Azure's way: a locale, then the voice (`vi-VN-HoaiMyNeural`, `en-US-Ava:DragonHDLatestNeural`). */
export const azureVoiceNamePattern = /^[a-z]{2,3}-[A-Z]{2}-[A-Za-z0-9:-]{1,80}$/;

/** Azure's Vietnamese neural voices and a few English ones, used when AZURE_SPEECH_VOICES is unset. */
export const azureDefaultVoices: CloudVoiceSpec[] = [
  { name: 'vi-VN-HoaiMyNeural', label: 'Hoài My', languages: ['vi'] },
  { name: 'vi-VN-NamMinhNeural', label: 'Nam Minh', languages: ['vi'] },
  { name: 'en-US-JennyNeural', label: 'Jenny', languages: ['en'] },
  { name: 'en-US-GuyNeural', label: 'Guy', languages: ['en'] },
  { name: 'en-GB-SoniaNeural', label: 'Sonia (UK)', languages: ['en'] },
];

/** The output formats asked for: 24 kHz WAV (RIFF) or MP3. */
const outputFormats = {
  wav: 'riff-24khz-16bit-mono-pcm',
  mp3: 'audio-24khz-48kbitrate-mono-mp3',
} as const;

/**
 * Text as SSML character data or an attribute value: the five XML specials escaped, and the
 * control characters XML 1.0 cannot hold at all dropped (a stray one would make Azure refuse the
 * whole document).
 */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** A relative prosody value: 1 → "+0%", 1.5 → "+50%", 0.5 → "-50%". */
export function relativePercent(factor: number): string {
  const percent = Math.round((factor - 1) * 100);
  return `${percent >= 0 ? '+' : ''}${percent}%`;
}

/** The SSML document for one request: the voice, its locale, rate and pitch, the escaped text. */
export function azureSsml(voiceName: string, text: string, speed: number, pitch: number): string {
  const locale = voiceName.split('-').slice(0, 2).join('-');
  // Azure takes rates from half to double speed; pitch as a change of the voice's own.
  const rate = relativePercent(clamp(speed, 0.5, 2));
  const relativePitch = relativePercent(clamp(pitch, 0.5, 2));
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(locale)}">` +
    `<voice name="${escapeXml(voiceName)}">` +
    `<prosody rate="${rate}" pitch="${relativePitch}">${escapeXml(text)}</prosody>` +
    `</voice></speak>`
  );
}

export interface AzureSpeechOptions {
  /** https://{region}.tts.speech.microsoft.com, or a container's or test's address. */
  baseUrl: string;
  apiKey: string;
  voices: readonly CloudVoiceSpec[];
  plan: ModelPlan;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const service = 'Azure Speech';

/**
 * Azure AI Speech's text-to-speech REST API: SSML in (`POST /cognitiveservices/v1`, key in
 * `Ocp-Apim-Subscription-Key`), WAV or MP3 out. Speed and pitch are SSML prosody.
 */
export function createAzureSpeechEngine(options: AzureSpeechOptions): SpeechEngine {
  const send = options.fetch ?? fetch;
  const table = createCloudVoiceTable(options.voices, {
    provider: 'azure',
    engine: () => 'Azure Neural TTS',
    plan: options.plan,
    capabilities: ['speed', 'pitch'],
  });
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/cognitiveservices/v1`;
  const inFlight = new InFlightCalls();

  async function synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
    const voice = table.resolve(request);
    if (!azureVoiceNamePattern.test(voice.name)) {
      throw new SpeechError(`The Azure voice "${voice.voice.id}" is not a valid voice name.`);
    }
    const audio = await callSpeechService(
      {
        service,
        url: endpoint,
        headers: {
          'content-type': 'application/ssml+xml',
          'x-microsoft-outputformat': outputFormats[request.format],
          'ocp-apim-subscription-key': options.apiKey,
          // Azure refuses requests without one.
          'user-agent': 'ai-studio',
        },
        body: azureSsml(voice.name, request.text, request.speed, request.pitch),
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
    model: 'azure-neural-tts',
    voices: () => table.voices,
    defaultVoices: () => ({ ...table.defaults }),
    synthesize,
    async close() {
      inFlight.abortAll();
    },
  };
}
