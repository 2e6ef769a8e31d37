import { createAzureSpeechEngine } from './azure-speech-engine.ts';
import type { CloudSpeechSettings } from './cloud-speech-config.ts';
import { createElevenLabsSpeechEngine } from './elevenlabs-speech-engine.ts';
import { createGoogleSpeechEngine } from './google-speech-engine.ts';
import { createOpenAiSpeechEngine } from './openai-speech-engine.ts';
import type { SpeechEngine } from './speech-engine.ts';

export interface CloudSpeechOptions {
  /** Tests: a fetch bound to loopback stand-ins of the providers. */
  fetch?: typeof fetch;
}

/**
 * The cloud engines that are configured (each exists only when its key, or a server's address,
 * is set), in a fixed order: OpenAI (or an OpenAI-compatible server), ElevenLabs, Azure, Google.
 * Their voice ids start with their provider (`openai:`, `elevenlabs:`, `azure:`, `google:`), so
 * the speech registry that takes this list beside the offline engines can route by the prefix.
 */
export function cloudSpeechEngines(
  settings: CloudSpeechSettings,
  options: CloudSpeechOptions = {},
): SpeechEngine[] {
  const { timeoutMs } = settings;
  const fetch = options.fetch ? { fetch: options.fetch } : {};
  const engines: SpeechEngine[] = [];
  if (settings.openai) {
    const { voices, ...openai } = settings.openai;
    engines.push(
      createOpenAiSpeechEngine({ ...openai, ...(voices ? { voices } : {}), timeoutMs, ...fetch }),
    );
  }
  if (settings.elevenlabs) {
    engines.push(createElevenLabsSpeechEngine({ ...settings.elevenlabs, timeoutMs, ...fetch }));
  }
  if (settings.azure) {
    engines.push(createAzureSpeechEngine({ ...settings.azure, timeoutMs, ...fetch }));
  }
  if (settings.google) {
    engines.push(createGoogleSpeechEngine({ ...settings.google, timeoutMs, ...fetch }));
  }
  return engines;
}
