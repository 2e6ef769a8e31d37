import { type ModelPlan, modelPlans, type VoiceLanguage } from '@studio/contracts';
import { z } from 'zod';
import { parsedConfigModule, type Parsed } from '../../../env/config-module.ts';
import { commaListSchema, wholeNumber } from '../../../env/variables.ts';
import { cloudSpeechCredentials, cloudSpeechCredentialVariables } from '../provider-credentials.ts';
import {
  azureDefaultVoices,
  azureSpeechBaseUrl,
  azureVoiceNamePattern,
} from './azure-speech-engine.ts';
import { type CloudVoiceSpec, labelOf, languageOfLocaleName } from './cloud-voices.ts';
import {
  elevenLabsDefaultBaseUrl,
  elevenLabsDefaultModel,
  elevenLabsDefaultVietnameseModel,
  elevenLabsDefaultVoices,
  elevenLabsVietnameseModels,
  elevenLabsVoiceIdPattern,
} from './elevenlabs-speech-engine.ts';
import {
  googleDefaultVoices,
  googleTtsDefaultBaseUrl,
  googleVoiceNamePattern,
} from './google-speech-engine.ts';
import { defaultOpenAiSpeechModel } from './openai-speech-engine.ts';

/**
 * The cloud voices (OpenAI or an OpenAI-compatible server, ElevenLabs, Azure, Google Cloud TTS)
 * and speech to text: which voices each offers, which models speak, the plan their voices need,
 * how long a call may take. Their keys and addresses are the provider layer's variables
 * (provider-credentials.ts), read here too; an engine is configured only when its key (or, for a
 * server of one's own, its address) is set. cloud-speech-engines.ts makes the engines.
 */

const openAiDefaultBaseUrl = 'https://api.openai.com/v1';
const maxVoices = 50;

export interface OpenAiSpeechSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** SPEECH_VOICES, or null for OpenAI's own. */
  voices: CloudVoiceSpec[] | null;
  plan: ModelPlan;
}

export interface ElevenLabsSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  vietnameseModel: string;
  voices: CloudVoiceSpec[];
  plan: ModelPlan;
}

export interface LocaleVoiceSettings {
  baseUrl: string;
  apiKey: string;
  voices: CloudVoiceSpec[];
  plan: ModelPlan;
}

/** What cloudSpeechEngines makes: each provider's settings, null when it is not configured. */
export interface CloudSpeechSettings {
  timeoutMs: number;
  openai: OpenAiSpeechSettings | null;
  elevenlabs: ElevenLabsSettings | null;
  azure: LocaleVoiceSettings | null;
  google: LocaleVoiceSettings | null;
}

/** The OpenAI-compatible speech-to-text service, when one is configured. */
export interface TranscriptionSettings {
  /** Up to and including /v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export interface SpeechProvidersConfig {
  voices: CloudSpeechSettings;
  transcription: TranscriptionSettings | null;
}

const planSchema = z.enum(modelPlans, { error: `must be one of ${modelPlans.join(', ')}` });

export const speechProvidersSchema = z.object({
  ...cloudSpeechCredentialVariables.shape,
  // Shared with the spoken replies' module (the OpenAI-compatible service's model).
  SPEECH_MODEL: z.string().min(1).max(100).optional(),
  SPEECH_VOICES: commaListSchema.optional(),
  SPEECH_VOICES_PLAN: planSchema.optional(),
  ELEVENLABS_VOICES: commaListSchema.optional(),
  ELEVENLABS_MODEL: z
    .string()
    .regex(/^[a-z0-9_]{1,60}$/, 'must be an ElevenLabs model id')
    .optional(),
  ELEVENLABS_MODEL_VI: z
    .enum(elevenLabsVietnameseModels, {
      error: `must be a model that speaks Vietnamese: ${elevenLabsVietnameseModels.join(', ')}`,
    })
    .optional(),
  ELEVENLABS_PLAN: planSchema.optional(),
  AZURE_SPEECH_VOICES: commaListSchema.optional(),
  AZURE_SPEECH_PLAN: planSchema.optional(),
  GOOGLE_TTS_VOICES: commaListSchema.optional(),
  GOOGLE_TTS_PLAN: planSchema.optional(),
  CLOUD_SPEECH_TIMEOUT_SECONDS: wholeNumber(1, 600).optional(),
  TRANSCRIPTION_MODEL: z.string().min(1).max(100).optional(),
  TRANSCRIPTION_TIMEOUT_SECONDS: wholeNumber(1, 600).optional(),
});
type SpeechProvidersEnv = z.output<typeof speechProvidersSchema>;

const bothLanguages: readonly VoiceLanguage[] = ['en', 'vi'];

/** `en`, `vi`, or nothing (both). */
function languagesOf(text: string | undefined): readonly VoiceLanguage[] | null {
  if (text === undefined || text === '') return bothLanguages;
  return text === 'en' || text === 'vi' ? [text] : null;
}

/** SPEECH_VOICES: `name` or `name:en|vi` (af_bella:en, alloy). */
function openAiCompatibleVoices(entries: string[], problems: string[]): CloudVoiceSpec[] {
  return entries.flatMap((entry) => {
    const [name = '', language, extra] = entry.split(':');
    const languages = languagesOf(language);
    if (!/^[A-Za-z0-9_.+-]{1,64}$/.test(name) || !languages || extra !== undefined) {
      problems.push(
        `SPEECH_VOICES: "${entry}" must be a voice name (letters, digits, _ . + -), optionally followed by :en or :vi`,
      );
      return [];
    }
    return [{ name, label: labelOf(name), languages }];
  });
}

/** ELEVENLABS_VOICES: `voice_id:Name` or `voice_id:Name:en|vi`. */
function elevenLabsVoices(entries: string[], problems: string[]): CloudVoiceSpec[] {
  return entries.flatMap((entry) => {
    const [id = '', label = '', language, extra] = entry.split(':');
    const languages = languagesOf(language);
    if (
      !elevenLabsVoiceIdPattern.test(id) ||
      label.trim() === '' ||
      label.length > 60 ||
      !languages ||
      extra !== undefined
    ) {
      problems.push(
        `ELEVENLABS_VOICES: "${entry}" must be voice_id:Name, optionally followed by :en or :vi`,
      );
      return [];
    }
    return [{ name: id, label: label.trim(), languages }];
  });
}

/** AZURE_SPEECH_VOICES, GOOGLE_TTS_VOICES: names that start with an en- or vi- locale. */
function localeVoices(
  variable: string,
  entries: string[],
  pattern: RegExp,
  known: readonly CloudVoiceSpec[],
  problems: string[],
): CloudVoiceSpec[] {
  return entries.flatMap((name) => {
    const language = languageOfLocaleName(name);
    if (!pattern.test(name) || !language) {
      problems.push(
        `${variable}: "${name}" must be a voice name starting with an English or Vietnamese locale (en-US-…, vi-VN-…)`,
      );
      return [];
    }
    // A known voice keeps its written name (Hoài My); another is its name without the locale.
    const label =
      known.find((voice) => voice.name === name)?.label ??
      (name
        .split('-')
        .slice(2)
        .join(' ')
        .replace(/Neural$/, '') ||
        name);
    return [{ name, label, languages: [language] }];
  });
}

function tooMany(variable: string, entries: string[] | undefined, problems: string[]) {
  if (entries && entries.length > maxVoices) {
    problems.push(`${variable}: at most ${maxVoices} voices`);
  }
}

/** Checks and builds the cloud voices' and speech to text's settings in one pass. */
export function readSpeechProviders(env: SpeechProvidersEnv): Parsed<SpeechProvidersConfig> {
  // Their own problems (Azure's region) are the provider layer's module's to report, once.
  const credentials = cloudSpeechCredentials(env);
  const problems: string[] = [];
  const { openai, speech, elevenlabs, azureSpeech, googleTts, transcription } = credentials.config;
  for (const variable of [
    'SPEECH_VOICES',
    'ELEVENLABS_VOICES',
    'AZURE_SPEECH_VOICES',
    'GOOGLE_TTS_VOICES',
  ] as const) {
    tooMany(variable, env[variable], problems);
  }

  // A server of one's own (SPEECH_BASE_URL) gets only its own key, never OpenAI's.
  let openAiAccount: { baseUrl: string; apiKey: string | null } | null = null;
  if (speech.baseURL) openAiAccount = { baseUrl: speech.baseURL, apiKey: speech.apiKey };
  else if (speech.apiKey) openAiAccount = { baseUrl: openAiDefaultBaseUrl, apiKey: speech.apiKey };
  else if (openai.apiKey) {
    openAiAccount = { baseUrl: openai.baseURL ?? openAiDefaultBaseUrl, apiKey: openai.apiKey };
  }
  const compatibleVoices = env.SPEECH_VOICES
    ? openAiCompatibleVoices(env.SPEECH_VOICES, problems)
    : null;

  let transcriptionAccount: { baseUrl: string; apiKey: string | null } | null = null;
  if (transcription.baseURL) {
    transcriptionAccount = { baseUrl: transcription.baseURL, apiKey: transcription.apiKey };
  } else if (transcription.apiKey ?? openai.apiKey) {
    transcriptionAccount = {
      baseUrl: transcription.apiKey
        ? openAiDefaultBaseUrl
        : (openai.baseURL ?? openAiDefaultBaseUrl),
      apiKey: transcription.apiKey ?? openai.apiKey,
    };
  }

  const voices: CloudSpeechSettings = {
    timeoutMs: (env.CLOUD_SPEECH_TIMEOUT_SECONDS ?? 30) * 1000,
    openai: openAiAccount && {
      ...openAiAccount,
      model: env.SPEECH_MODEL ?? defaultOpenAiSpeechModel,
      voices: compatibleVoices,
      plan: env.SPEECH_VOICES_PLAN ?? 'pro',
    },
    elevenlabs: elevenlabs.apiKey
      ? {
          baseUrl: elevenlabs.baseURL ?? elevenLabsDefaultBaseUrl,
          apiKey: elevenlabs.apiKey,
          model: env.ELEVENLABS_MODEL ?? elevenLabsDefaultModel,
          vietnameseModel: env.ELEVENLABS_MODEL_VI ?? elevenLabsDefaultVietnameseModel,
          voices: env.ELEVENLABS_VOICES
            ? elevenLabsVoices(env.ELEVENLABS_VOICES, problems)
            : elevenLabsDefaultVoices,
          plan: env.ELEVENLABS_PLAN ?? 'pro',
        }
      : null,
    azure:
      azureSpeech.apiKey && (azureSpeech.baseURL ?? azureSpeech.region)
        ? {
            baseUrl: azureSpeech.baseURL ?? azureSpeechBaseUrl(azureSpeech.region ?? ''),
            apiKey: azureSpeech.apiKey,
            voices: env.AZURE_SPEECH_VOICES
              ? localeVoices(
                  'AZURE_SPEECH_VOICES',
                  env.AZURE_SPEECH_VOICES,
                  azureVoiceNamePattern,
                  azureDefaultVoices,
                  problems,
                )
              : azureDefaultVoices,
            plan: env.AZURE_SPEECH_PLAN ?? 'pro',
          }
        : null,
    google: googleTts.apiKey
      ? {
          baseUrl: googleTts.baseURL ?? googleTtsDefaultBaseUrl,
          apiKey: googleTts.apiKey,
          voices: env.GOOGLE_TTS_VOICES
            ? localeVoices(
                'GOOGLE_TTS_VOICES',
                env.GOOGLE_TTS_VOICES,
                googleVoiceNamePattern,
                googleDefaultVoices,
                problems,
              )
            : googleDefaultVoices,
          plan: env.GOOGLE_TTS_PLAN ?? 'pro',
        }
      : null,
  };

  return {
    config: {
      voices,
      transcription: transcriptionAccount && {
        ...transcriptionAccount,
        model: env.TRANSCRIPTION_MODEL ?? 'whisper-1',
        timeoutMs: (env.TRANSCRIPTION_TIMEOUT_SECONDS ?? 60) * 1000,
      },
    },
    problems,
    warnings: [],
  };
}

/** `config.speechProviders`: the cloud voices and speech to text. */
export const speechProvidersConfigModule = parsedConfigModule(
  'speechProviders',
  speechProvidersSchema,
  readSpeechProviders,
);
