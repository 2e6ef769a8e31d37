import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { ConfigContext } from '../../../../env/config-module.ts';
import { wholeNumber } from '../../../../env/variables.ts';
import { installedModelFile, resolveModelPath } from './model-files.ts';

/**
 * The embedded model's settings (LOCAL_MODEL*): its variables, which the models module
 * (models-config.ts) includes in its own, and the settings they make, with the model file found,
 * so the model registry can tell at start-up whether a local model is installed.
 */

export const localModelGpus = ['false', 'auto', 'cuda', 'vulkan', 'metal'] as const;
export type LocalModelGpu = false | 'auto' | 'cuda' | 'vulkan' | 'metal';

export interface LocalModelConfig {
  /** LOCAL_MODELS_DIR: where GGUF files are looked for (and where `models:pull` puts them). */
  dir: string;
  /** The GGUF file the default local model uses: LOCAL_MODEL, else the newest in modelsDir; null when none. */
  file: string | null;
  contextSize: number;
  /** CPU threads for generation: LOCAL_MODEL_THREADS, else the cores this process may use. */
  threads: number | null;
  gpu: LocalModelGpu;
  /** Layers offloaded to the GPU: a number, 'max', or 'auto' (node-llama-cpp fits what it can). */
  gpuLayers: number | 'max' | 'auto';
  /** Load the model while the app starts instead of on the first request. */
  preload: boolean;
  /** How many requests may wait behind the one generating; more are refused as busy. */
  queueMax: number;
}

export const localModelSchema = z.object({
  LOCAL_MODELS_DIR: z.string().optional(),
  LOCAL_MODEL: z.string().optional(),
  LOCAL_MODEL_CONTEXT_SIZE: wholeNumber(128, 1_048_576).optional(),
  LOCAL_MODEL_THREADS: wholeNumber(1, 1024).optional(),
  LOCAL_MODEL_GPU: z
    .enum(localModelGpus, { error: `must be one of ${localModelGpus.join(', ')}` })
    .optional(),
  LOCAL_MODEL_GPU_LAYERS: z
    .union([z.enum(['max', 'auto']), wholeNumber(0, 10_000)], {
      error: 'must be max, auto or a whole number of layers',
    })
    .optional(),
  LOCAL_MODEL_PRELOAD: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  LOCAL_MODEL_QUEUE_MAX: wholeNumber(0, 10_000).optional(),
});
export type LocalModelEnv = z.output<typeof localModelSchema>;

export interface ParsedLocalModelConfig {
  config: LocalModelConfig;
  problems: string[];
}

export function parseLocalModelConfig(
  env: LocalModelEnv,
  context: Pick<ConfigContext, 'dataDir' | 'nodeEnv'>,
): ParsedLocalModelConfig {
  const problems: string[] = [];
  const modelsDir = path.resolve(env.LOCAL_MODELS_DIR ?? path.join(context.dataDir, 'models'));
  let file: string | null;
  if (env.LOCAL_MODEL !== undefined) {
    file = resolveModelPath(modelsDir, env.LOCAL_MODEL);
    if (file === null) {
      problems.push(
        `LOCAL_MODEL: no GGUF file '${env.LOCAL_MODEL}' (a file name in ${modelsDir} or an absolute path); run npm run models:pull or unset it`,
      );
    }
  } else {
    file = installedModelFile(modelsDir);
  }
  const gpu: LocalModelGpu =
    env.LOCAL_MODEL_GPU === undefined || env.LOCAL_MODEL_GPU === 'false'
      ? false
      : env.LOCAL_MODEL_GPU;
  return {
    config: {
      dir: modelsDir,
      file,
      contextSize: env.LOCAL_MODEL_CONTEXT_SIZE ?? 4096,
      // node-llama-cpp's own default is at least 4 threads; on a 2-core machine that oversubscribes
      // the CPU and made 20 tokens take ~3 s instead of ~250 ms (measured).
      threads: env.LOCAL_MODEL_THREADS ?? availableParallelism(),
      gpu,
      // On the CPU there is nothing to offload to; on a GPU node-llama-cpp fits what memory allows.
      gpuLayers: env.LOCAL_MODEL_GPU_LAYERS ?? (gpu === false ? 0 : 'auto'),
      // Tests load on demand, so suites that never chat locally never pay for a load.
      preload:
        (env.LOCAL_MODEL_PRELOAD ?? (context.nodeEnv === 'test' ? 'false' : 'true')) === 'true',
      queueMax: env.LOCAL_MODEL_QUEUE_MAX ?? 8,
    },
    problems,
  };
}
