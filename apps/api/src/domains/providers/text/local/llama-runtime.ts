import { getLlama, type Llama, LlamaLogLevel } from 'node-llama-cpp';
import type { LocalModelGpu } from './local-model-config.ts';

/**
 * node-llama-cpp's native runtime, loaded once per process and GPU setting: loading it takes
 * hundreds of milliseconds and binds the native library, so every engine (and every app a test
 * builds) shares it. Engines dispose their models and contexts, never the runtime.
 */
const runtimes = new Map<string, Promise<Llama>>();

export function llamaRuntime(gpu: LocalModelGpu): Promise<Llama> {
  const key = String(gpu);
  let runtime = runtimes.get(key);
  if (!runtime) {
    // 'never': use the prebuilt binaries from the npm registry; a server must not start compiling
    // llama.cpp (or downloading its sources) because a GPU binary is missing.
    runtime = getLlama({ gpu, build: 'never', logLevel: LlamaLogLevel.error });
    // A failed load (no binary for that GPU) may be retried after the setting is fixed.
    runtime.catch(() => runtimes.delete(key));
    runtimes.set(key, runtime);
  }
  return runtime;
}
