import { readFileSync } from 'node:fs';
import type { ImageProvider, ModelProvider } from '@studio/contracts';
import { z } from 'zod';
import { parsedConfigModule, type Parsed } from '../../env/config-module.ts';
import { httpUrlSchema } from '../../env/variables.ts';
import { type ComfyWorkflow, parseComfyWorkflow } from './image/comfyui-workflow.ts';

/**
 * Every outside provider's key, address and account settings, configured once: one variable per
 * setting, checked here, whichever tools use it (one OpenAI key serves the chat and the image
 * tools). The tools' own configuration modules list which models they offer (CHAT_MODELS,
 * IMAGE_MODELS, SPEECH_ENGINE) and read their providers' settings through this module: each
 * takes its modality's variables (`textCredentialVariables`…) and reads them with the matching
 * function, so a variable is declared, checked and reported once.
 */

export const providerCredentialsSchema = z.object({
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: httpUrlSchema.optional(),
  OPENAI_COMPATIBLE_BASE_URL: httpUrlSchema.optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, 'must be 1–40 letters, digits or hyphens')
    .optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: httpUrlSchema.optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  GOOGLE_BASE_URL: httpUrlSchema.optional(),
  OLLAMA_BASE_URL: httpUrlSchema.optional(),
  FAL_API_KEY: z.string().optional(),
  FAL_BASE_URL: httpUrlSchema.optional(),
  FAL_QUEUE_BASE_URL: httpUrlSchema.optional(),
  STABILITY_API_KEY: z.string().optional(),
  STABILITY_BASE_URL: httpUrlSchema.optional(),
  REPLICATE_API_TOKEN: z.string().optional(),
  REPLICATE_BASE_URL: httpUrlSchema.optional(),
  COMFYUI_BASE_URL: httpUrlSchema.optional(),
  COMFYUI_WORKFLOW: z.string().optional(),
  COMFYUI_API_KEY: z.string().optional(),
  A1111_BASE_URL: httpUrlSchema.optional(),
  A1111_USERNAME: z
    .string()
    .regex(/^[^:]+$/, 'must not contain a colon')
    .optional(),
  A1111_PASSWORD: z.string().optional(),
  SPEECH_BASE_URL: httpUrlSchema.optional(),
  SPEECH_API_KEY: z.string().optional(),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: httpUrlSchema.optional(),
  AZURE_SPEECH_KEY: z.string().optional(),
  AZURE_SPEECH_REGION: z
    .string()
    .regex(/^[a-z0-9]{1,40}$/, 'must be an Azure region name such as southeastasia or eastus')
    .optional(),
  AZURE_SPEECH_BASE_URL: httpUrlSchema.optional(),
  GOOGLE_TTS_API_KEY: z.string().optional(),
  GOOGLE_TTS_BASE_URL: httpUrlSchema.optional(),
  TRANSCRIPTION_BASE_URL: httpUrlSchema.optional(),
  TRANSCRIPTION_API_KEY: z.string().optional(),
});
export type ProviderCredentialsEnv = z.output<typeof providerCredentialsSchema>;

interface KeyAndAddress {
  apiKey: string | null;
  baseURL: string | null;
}

/** Every provider's settings, each null when its variable is unset. */
export interface ProviderCredentials {
  openai: KeyAndAddress;
  /** Azure OpenAI, OpenRouter, Groq, vLLM, LM Studio, llama.cpp server, LocalAI, Ollama's /v1… */
  openaiCompatible: KeyAndAddress & { name: string };
  anthropic: KeyAndAddress;
  google: KeyAndAddress;
  ollama: { baseURL: string | null };
  fal: KeyAndAddress;
  replicate: { apiToken: string | null; baseURL: string | null };
  /** COMFYUI_WORKFLOW, read and checked at start (null when unset or unreadable). */
  comfyui: { baseURL: string | null; apiKey: string | null; workflow: ComfyWorkflow | null };
  /** AUTOMATIC1111 or Forge started with --api (and --api-auth user:password when set). */
  automatic1111: { baseURL: string | null; username: string | null; password: string | null };
  /** The OpenAI-compatible speech service (SPEECH_ENGINE=openai). */
  speech: KeyAndAddress;
  elevenlabs: KeyAndAddress;
  /** Azure AI Speech: its key, and its region or an address of its own (a container, a test). */
  azureSpeech: KeyAndAddress & { region: string | null };
  /** Google Cloud Text-to-Speech (an API key of a project with that API on). */
  googleTts: KeyAndAddress;
  /** An OpenAI-compatible `/audio/transcriptions` service (OpenAI, Speaches, whisper.cpp, LocalAI). */
  transcription: KeyAndAddress;
  /** fal's queue (queue.fal.run), for its music apps: fal's key, the queue's own address. */
  falQueue: KeyAndAddress;
  /** Stability's REST API (Stable Audio). */
  stability: KeyAndAddress;
}

export type TextProviderCredentials = Pick<
  ProviderCredentials,
  'openai' | 'openaiCompatible' | 'anthropic' | 'google' | 'ollama'
>;
export type ImageProviderCredentials = Pick<
  ProviderCredentials,
  'openai' | 'openaiCompatible' | 'google' | 'fal' | 'replicate' | 'comfyui' | 'automatic1111'
>;
export type SpeechProviderCredentials = Pick<ProviderCredentials, 'speech'>;
/** The cloud voices' and speech-to-text's accounts (OpenAI's shared key among them). */
export type CloudSpeechProviderCredentials = Pick<
  ProviderCredentials,
  'openai' | 'speech' | 'elevenlabs' | 'azureSpeech' | 'googleTts' | 'transcription'
>;

/** The AI music providers' accounts (ElevenLabs' key is the voices' one). */
export type MusicProviderCredentials = Pick<
  ProviderCredentials,
  'elevenlabs' | 'stability' | 'falQueue'
>;

/** The accounts text and image providers share (one key serves both tools). */
const sharedAccounts = {
  OPENAI_API_KEY: true,
  OPENAI_BASE_URL: true,
  OPENAI_COMPATIBLE_BASE_URL: true,
  OPENAI_COMPATIBLE_API_KEY: true,
  OPENAI_COMPATIBLE_NAME: true,
  GOOGLE_GENERATIVE_AI_API_KEY: true,
  GOOGLE_BASE_URL: true,
} as const;
type SharedCredentialsEnv = Pick<ProviderCredentialsEnv, keyof typeof sharedAccounts>;

/** The text providers' variables (CHAT_MODELS' providers). */
export const textCredentialVariables = providerCredentialsSchema.pick({
  ...sharedAccounts,
  ANTHROPIC_API_KEY: true,
  ANTHROPIC_BASE_URL: true,
  OLLAMA_BASE_URL: true,
});

/** The image providers' variables (IMAGE_MODELS' providers). */
export const imageCredentialVariables = providerCredentialsSchema.pick({
  ...sharedAccounts,
  FAL_API_KEY: true,
  FAL_BASE_URL: true,
  REPLICATE_API_TOKEN: true,
  REPLICATE_BASE_URL: true,
  COMFYUI_BASE_URL: true,
  COMFYUI_WORKFLOW: true,
  COMFYUI_API_KEY: true,
  A1111_BASE_URL: true,
  A1111_USERNAME: true,
  A1111_PASSWORD: true,
});

/** The speech service's variables (SPEECH_ENGINE=openai). */
export const speechCredentialVariables = providerCredentialsSchema.pick({
  SPEECH_BASE_URL: true,
  SPEECH_API_KEY: true,
});

/**
 * The cloud voices' and speech-to-text's variables: OpenAI's shared account, the
 * OpenAI-compatible speech service, ElevenLabs, Azure, Google Cloud TTS, and the transcription
 * service.
 */
export const cloudSpeechCredentialVariables = providerCredentialsSchema.pick({
  OPENAI_API_KEY: true,
  OPENAI_BASE_URL: true,
  SPEECH_BASE_URL: true,
  SPEECH_API_KEY: true,
  ELEVENLABS_API_KEY: true,
  ELEVENLABS_BASE_URL: true,
  AZURE_SPEECH_KEY: true,
  AZURE_SPEECH_REGION: true,
  AZURE_SPEECH_BASE_URL: true,
  GOOGLE_TTS_API_KEY: true,
  GOOGLE_TTS_BASE_URL: true,
  TRANSCRIPTION_BASE_URL: true,
  TRANSCRIPTION_API_KEY: true,
});

/** The AI music providers' variables: ElevenLabs, Stability, fal's queue. */
export const musicCredentialVariables = providerCredentialsSchema.pick({
  ELEVENLABS_API_KEY: true,
  ELEVENLABS_BASE_URL: true,
  STABILITY_API_KEY: true,
  STABILITY_BASE_URL: true,
  FAL_API_KEY: true,
  FAL_QUEUE_BASE_URL: true,
});

function sharedCredentials(env: SharedCredentialsEnv) {
  return {
    openai: { apiKey: env.OPENAI_API_KEY ?? null, baseURL: env.OPENAI_BASE_URL ?? null },
    openaiCompatible: {
      apiKey: env.OPENAI_COMPATIBLE_API_KEY ?? null,
      baseURL: env.OPENAI_COMPATIBLE_BASE_URL ?? null,
      name: env.OPENAI_COMPATIBLE_NAME ?? 'openai-compatible',
    },
    google: {
      apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY ?? null,
      baseURL: env.GOOGLE_BASE_URL ?? null,
    },
  };
}

export function textCredentials(
  env: z.output<typeof textCredentialVariables>,
): TextProviderCredentials {
  return {
    ...sharedCredentials(env),
    anthropic: { apiKey: env.ANTHROPIC_API_KEY ?? null, baseURL: env.ANTHROPIC_BASE_URL ?? null },
    ollama: { baseURL: env.OLLAMA_BASE_URL ?? null },
  };
}

/** The workflow COMFYUI_WORKFLOW names, read and checked. */
function readWorkflow(file: string | undefined): {
  workflow: ComfyWorkflow | null;
  problem?: string;
} {
  if (file === undefined) return { workflow: null };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      workflow: null,
      problem: `COMFYUI_WORKFLOW: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  const parsed = parseComfyWorkflow(text);
  return 'problem' in parsed
    ? { workflow: null, problem: `COMFYUI_WORKFLOW: ${file} ${parsed.problem}` }
    : { workflow: parsed.workflow };
}

/** The image providers' settings; the ComfyUI workflow is read from its file here. */
export function imageCredentials(
  env: z.output<typeof imageCredentialVariables>,
): Parsed<ImageProviderCredentials> {
  const problems: string[] = [];
  const { workflow, problem } = readWorkflow(env.COMFYUI_WORKFLOW);
  if (problem) problems.push(problem);
  if ((env.A1111_USERNAME === undefined) !== (env.A1111_PASSWORD === undefined)) {
    problems.push(
      "A1111_USERNAME, A1111_PASSWORD: set both (AUTOMATIC1111's --api-auth user:password) or neither",
    );
  }
  return {
    config: {
      ...sharedCredentials(env),
      fal: { apiKey: env.FAL_API_KEY ?? null, baseURL: env.FAL_BASE_URL ?? null },
      replicate: {
        apiToken: env.REPLICATE_API_TOKEN ?? null,
        baseURL: env.REPLICATE_BASE_URL ?? null,
      },
      comfyui: {
        baseURL: env.COMFYUI_BASE_URL ?? null,
        apiKey: env.COMFYUI_API_KEY ?? null,
        workflow,
      },
      automatic1111: {
        baseURL: env.A1111_BASE_URL ?? null,
        username: env.A1111_USERNAME ?? null,
        password: env.A1111_PASSWORD ?? null,
      },
    },
    problems,
    warnings: [],
  };
}

export function speechCredentials(
  env: z.output<typeof speechCredentialVariables>,
): SpeechProviderCredentials {
  return { speech: { apiKey: env.SPEECH_API_KEY || null, baseURL: env.SPEECH_BASE_URL ?? null } };
}

/** The cloud voices' and speech-to-text's settings, and what is wrong with them. */
export function cloudSpeechCredentials(
  env: z.output<typeof cloudSpeechCredentialVariables>,
): Parsed<CloudSpeechProviderCredentials> {
  const problems: string[] = [];
  if (env.AZURE_SPEECH_KEY && !env.AZURE_SPEECH_REGION && !env.AZURE_SPEECH_BASE_URL) {
    problems.push(
      'AZURE_SPEECH_REGION: is required with AZURE_SPEECH_KEY (the region of the Speech resource, e.g. southeastasia), unless AZURE_SPEECH_BASE_URL is set',
    );
  }
  return {
    config: {
      openai: { apiKey: env.OPENAI_API_KEY ?? null, baseURL: env.OPENAI_BASE_URL ?? null },
      ...speechCredentials(env),
      elevenlabs: {
        apiKey: env.ELEVENLABS_API_KEY ?? null,
        baseURL: env.ELEVENLABS_BASE_URL ?? null,
      },
      azureSpeech: {
        apiKey: env.AZURE_SPEECH_KEY ?? null,
        region: env.AZURE_SPEECH_REGION ?? null,
        baseURL: env.AZURE_SPEECH_BASE_URL ?? null,
      },
      googleTts: {
        apiKey: env.GOOGLE_TTS_API_KEY ?? null,
        baseURL: env.GOOGLE_TTS_BASE_URL ?? null,
      },
      transcription: {
        apiKey: env.TRANSCRIPTION_API_KEY ?? null,
        baseURL: env.TRANSCRIPTION_BASE_URL ?? null,
      },
    },
    problems,
    warnings: [],
  };
}

/** The AI music providers' settings, each null when its variable is unset. */
export function musicCredentials(
  env: z.output<typeof musicCredentialVariables>,
): MusicProviderCredentials {
  return {
    elevenlabs: {
      apiKey: env.ELEVENLABS_API_KEY ?? null,
      baseURL: env.ELEVENLABS_BASE_URL ?? null,
    },
    stability: { apiKey: env.STABILITY_API_KEY ?? null, baseURL: env.STABILITY_BASE_URL ?? null },
    falQueue: { apiKey: env.FAL_API_KEY ?? null, baseURL: env.FAL_QUEUE_BASE_URL ?? null },
  };
}

/** Every provider's settings, and what is wrong with them (an unreadable workflow, half a pair). */
export function readProviderCredentials(env: ProviderCredentialsEnv): Parsed<ProviderCredentials> {
  const images = imageCredentials(env);
  const speech = cloudSpeechCredentials(env);
  return {
    config: {
      ...textCredentials(env),
      ...images.config,
      ...speech.config,
      ...musicCredentials(env),
    },
    problems: [...images.problems, ...speech.problems],
    warnings: [...images.warnings, ...speech.warnings],
  };
}

/**
 * The variable a model of this provider cannot work without, when it is unset (null: none is
 * missing). Servers of one's own (OpenAI-compatible, ComfyUI, AUTOMATIC1111) need no key but
 * have no default address: the model's own `baseURL` or the provider's variable gives it.
 */
export function missingCredential(
  env: Partial<ProviderCredentialsEnv>,
  provider: ModelProvider | ImageProvider,
  modelBaseURL: string | null,
): string | null {
  const hasURL = (variable: string | undefined) => modelBaseURL !== null || variable !== undefined;
  switch (provider) {
    case 'openai':
      return env.OPENAI_API_KEY ? null : 'OPENAI_API_KEY';
    case 'anthropic':
      return env.ANTHROPIC_API_KEY ? null : 'ANTHROPIC_API_KEY';
    case 'google':
      return env.GOOGLE_GENERATIVE_AI_API_KEY ? null : 'GOOGLE_GENERATIVE_AI_API_KEY';
    case 'fal':
      return env.FAL_API_KEY ? null : 'FAL_API_KEY';
    case 'replicate':
      return env.REPLICATE_API_TOKEN ? null : 'REPLICATE_API_TOKEN';
    case 'openai-compatible':
      return hasURL(env.OPENAI_COMPATIBLE_BASE_URL) ? null : 'OPENAI_COMPATIBLE_BASE_URL';
    case 'automatic1111':
      return hasURL(env.A1111_BASE_URL) ? null : 'A1111_BASE_URL';
    case 'comfyui':
      if (!hasURL(env.COMFYUI_BASE_URL)) return 'COMFYUI_BASE_URL';
      return env.COMFYUI_WORKFLOW ? null : 'COMFYUI_WORKFLOW';
    // Ollama has a default address; the sandbox and the local model are in process.
    case 'ollama':
    case 'sandbox':
    case 'local':
      return null;
  }
}

/** `config.providers`: every provider's settings, and the problems with them, reported once. */
export const providersConfigModule = parsedConfigModule(
  'providers',
  providerCredentialsSchema,
  readProviderCredentials,
);
