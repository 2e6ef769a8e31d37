import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type ConfigContext, parsedConfigModule, type Parsed } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';
import type { MeterDailyLimits } from '../billing/entitlements.ts';
import {
  readSpeechProviders,
  speechProvidersSchema,
  type TranscriptionSettings,
} from '../providers/speech/cloud-speech-config.ts';
import {
  defaultWhisperModel,
  findWhisperModel,
} from '../providers/transcription/whisper-models.ts';

/**
 * Dictation (speech to text): which engine hears recordings, the offline Whisper engine's
 * settings, and each plan's allowance in seconds (the `transcription` meter). The
 * OpenAI-compatible service's address and key are the provider layer's variables, read here
 * through the cloud speech module to tell whether one is configured.
 */

export const transcriptionEngineChoices = ['auto', 'openai', 'whisper', 'sandbox', 'none'] as const;
export type TranscriptionEngineChoice = (typeof transcriptionEngineChoices)[number];

/** The engine that hears recordings, once `auto` is decided. */
export type DictationEngine =
  | { kind: 'openai'; settings: TranscriptionSettings }
  | { kind: 'whisper'; modelPath: string }
  | { kind: 'sandbox' }
  | { kind: 'none' };

export interface WhisperSettings {
  /** The model file: WHISPER_MODEL_PATH, else the best installed in the models directory. */
  modelPath: string | null;
  /** Where `models:pull -- --whisper` puts models when WHISPER_MODEL_PATH names none. */
  modelsDir: string;
  /** CPU threads one transcription uses. */
  threads: number;
  /** How long one transcription may take once it runs. */
  timeoutMs: number;
  /** Recordings that may wait behind the one being heard; more are refused as busy. */
  queueMax: number;
}

/** Per plan: the longest recording and the seconds of recording a UTC day. */
export interface DictationLimits {
  maxSeconds: MeterDailyLimits;
  dailySeconds: MeterDailyLimits;
}

export interface DictationConfig {
  choice: TranscriptionEngineChoice;
  engine: DictationEngine;
  whisper: WhisperSettings;
  limits: DictationLimits;
  /** The seconds a day every visitor behind one network address shares. */
  visitorAddressCeiling: number;
  /** `config.dailyLimitsByMeter.transcription`. */
  dailyLimits: MeterDailyLimits;
}

const secondsPerRecording = wholeNumber(1, 300);
const secondsPerDay = wholeNumber(0, 1_000_000);

const schema = z.object({
  TRANSCRIPTION_ENGINE: z
    .enum(transcriptionEngineChoices, {
      error: `must be one of ${transcriptionEngineChoices.join(', ')}`,
    })
    .optional(),
  // The speech providers' variables, declared and checked by their own modules; read here too.
  ...speechProvidersSchema.shape,
  LOCAL_MODELS_DIR: z.string().optional(),
  WHISPER_MODEL_PATH: z.string().min(1).optional(),
  WHISPER_THREADS: wholeNumber(1, 64).optional(),
  WHISPER_TIMEOUT_SECONDS: wholeNumber(5, 3_600).optional(),
  WHISPER_QUEUE_MAX: wholeNumber(0, 100).optional(),
  DICTATION_MAX_SECONDS_VISITOR: secondsPerRecording.optional(),
  DICTATION_MAX_SECONDS_FREE: secondsPerRecording.optional(),
  DICTATION_MAX_SECONDS_PRO: secondsPerRecording.optional(),
  DICTATION_MAX_SECONDS_GODMODE: secondsPerRecording.optional(),
  DICTATION_DAILY_SECONDS_VISITOR: secondsPerDay.optional(),
  DICTATION_DAILY_SECONDS_FREE: secondsPerDay.optional(),
  DICTATION_DAILY_SECONDS_PRO: secondsPerDay.optional(),
  DICTATION_DAILY_SECONDS_GODMODE: secondsPerDay.optional(),
  DICTATION_DAILY_SECONDS_PER_ADDRESS: secondsPerDay.optional(),
});
type DictationEnv = z.output<typeof schema>;

const pullHint = 'run npm run models:pull -- --whisper';

export function parseDictationConfig(
  env: DictationEnv,
  context: Pick<ConfigContext, 'production' | 'allowSandboxInProduction' | 'dataDir'>,
): Parsed<DictationConfig> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const choice = env.TRANSCRIPTION_ENGINE ?? 'auto';
  const provider = readSpeechProviders(env).config.transcription;
  const modelsDir = path.resolve(env.LOCAL_MODELS_DIR ?? path.join(context.dataDir, 'models'));
  const model = findWhisperModel(modelsDir, env.WHISPER_MODEL_PATH);
  const installed = model?.found ? model.path : null;

  if (model && !model.found) {
    problems.push(
      `WHISPER_MODEL_PATH: no Whisper model at ${model.path} (an absolute path, or a file name in ${modelsDir}); ${pullHint}, or unset it`,
    );
  }

  let engine: DictationEngine = { kind: 'none' };
  if (choice === 'openai') {
    if (provider) engine = { kind: 'openai', settings: provider };
    else {
      problems.push(
        'TRANSCRIPTION_ENGINE: openai needs TRANSCRIPTION_BASE_URL, TRANSCRIPTION_API_KEY or OPENAI_API_KEY to be set',
      );
    }
  } else if (choice === 'whisper') {
    if (installed) engine = { kind: 'whisper', modelPath: installed };
    else if (!model) {
      problems.push(
        `TRANSCRIPTION_ENGINE: whisper needs a model (${defaultWhisperModel.file} in ${modelsDir}, or WHISPER_MODEL_PATH); ${pullHint}`,
      );
    }
  } else if (choice === 'sandbox') {
    if (context.production && !context.allowSandboxInProduction) {
      problems.push(
        'TRANSCRIPTION_ENGINE: sandbox is refused when NODE_ENV=production (end-to-end test rigs may set ALLOW_SANDBOX_IN_PRODUCTION=true)',
      );
    } else engine = { kind: 'sandbox' };
  } else if (choice === 'auto') {
    if (provider) engine = { kind: 'openai', settings: provider };
    else if (installed) engine = { kind: 'whisper', modelPath: installed };
    else if (!context.production || context.allowSandboxInProduction) {
      // As the chat's sandbox model: with nothing configured, the sandbox shows the whole flow
      // (the page says its words are a sample, not what was said).
      engine = { kind: 'sandbox' };
      warnings.push(
        `Dictation uses the sandbox stand-in, which writes a sample sentence, not what was said: configure a transcription service (TRANSCRIPTION_BASE_URL, TRANSCRIPTION_API_KEY or OPENAI_API_KEY) or ${pullHint} to hear recordings.`,
      );
    } else {
      warnings.push(
        `Dictation is unavailable: no transcription service is configured (TRANSCRIPTION_BASE_URL, TRANSCRIPTION_API_KEY or OPENAI_API_KEY) and no Whisper model is installed; ${pullHint} to hear recordings on this server.`,
      );
    }
  }

  const maxSeconds: MeterDailyLimits = {
    visitor: env.DICTATION_MAX_SECONDS_VISITOR ?? 30,
    free: env.DICTATION_MAX_SECONDS_FREE ?? 60,
    pro: env.DICTATION_MAX_SECONDS_PRO ?? 300,
    godmode: env.DICTATION_MAX_SECONDS_GODMODE ?? 300,
  };
  const dailySeconds: MeterDailyLimits = {
    visitor: env.DICTATION_DAILY_SECONDS_VISITOR ?? 120,
    free: env.DICTATION_DAILY_SECONDS_FREE ?? 600,
    pro: env.DICTATION_DAILY_SECONDS_PRO ?? 7_200,
    godmode: env.DICTATION_DAILY_SECONDS_GODMODE ?? 14_400,
  };

  return {
    config: {
      choice,
      engine,
      whisper: {
        modelPath: installed,
        modelsDir,
        // Every core the process may use: one transcription runs at a time.
        threads: env.WHISPER_THREADS ?? availableParallelism(),
        timeoutMs: (env.WHISPER_TIMEOUT_SECONDS ?? 120) * 1000,
        queueMax: env.WHISPER_QUEUE_MAX ?? 4,
      },
      limits: { maxSeconds, dailySeconds },
      // Ten visitors' worth, as the image tools: an office or a café, not a script minting keys.
      visitorAddressCeiling: env.DICTATION_DAILY_SECONDS_PER_ADDRESS ?? 1_200,
      dailyLimits: dailySeconds,
    },
    problems,
    warnings,
  };
}

/** `config.dictation`. */
export const dictationConfigModule = parsedConfigModule('dictation', schema, parseDictationConfig);
