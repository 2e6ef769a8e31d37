import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';
import { speechCredentials, speechCredentialVariables } from '../providers/provider-credentials.ts';
import { type SpeechEngineName, speechEngineNames } from '../providers/speech/speech-engine.ts';

/**
 * Spoken replies: which engines speak (create-speech-service.ts assembles them), and their limits.
 * The speech service's address and key are the provider layer's variables
 * (providers/provider-credentials.ts), read here too.
 */
export interface SpeechConfig {
  /** offline (Flite + eSpeak NG, the default), espeak, openai (+ the offline engines) or none. */
  engine: SpeechEngineName;
  /** openai: up to and including /v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** Longer replies are cut at the last sentence end that fits. */
  maxCharacters: number;
}

export const speechConfigModule = configModule({
  schema: z.object({
    SPEECH_ENGINE: z
      .enum(speechEngineNames, { error: `must be one of ${speechEngineNames.join(', ')}` })
      .optional(),
    ...speechCredentialVariables.shape,
    SPEECH_MODEL: z.string().min(1).max(100).optional(),
    SPEECH_TIMEOUT_SECONDS: wholeNumber(1, 600).optional(),
    SPEECH_MAX_CHARACTERS: wholeNumber(100, 20_000).optional(),
  }),
  // OpenAI itself needs a key; a self-hosted compatible service (SPEECH_BASE_URL) may not.
  problems: (env) =>
    env.SPEECH_ENGINE === 'openai' && !env.SPEECH_API_KEY && !env.SPEECH_BASE_URL
      ? ['SPEECH_API_KEY: is required when SPEECH_ENGINE=openai and SPEECH_BASE_URL is not set']
      : [],
  toConfig: (env): { speech: SpeechConfig } => {
    const { speech } = speechCredentials(env);
    return {
      speech: {
        engine: env.SPEECH_ENGINE ?? 'offline',
        baseUrl: speech.baseURL ?? 'https://api.openai.com/v1',
        apiKey: speech.apiKey,
        model: env.SPEECH_MODEL ?? 'gpt-4o-mini-tts',
        timeoutMs: (env.SPEECH_TIMEOUT_SECONDS ?? 30) * 1000,
        maxCharacters: env.SPEECH_MAX_CHARACTERS ?? 2000,
      },
    };
  },
});
