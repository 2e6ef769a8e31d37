import path from 'node:path';
import type { LocalModelHealth } from '@studio/contracts';
import {
  LlamaChatSession,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaModel,
  type Token,
} from 'node-llama-cpp';
import { LocalModelBusyError } from './busy.ts';
import type { LocalChatPrompt } from './chat-prompt.ts';
import { type LocalModelInfo, readLocalModelInfo } from './discovery.ts';
import { llamaRuntime } from './llama-runtime.ts';
import type { LocalModelConfig } from './local-model-config.ts';
import { createRequestQueue, QueueFullError } from './request-queue.ts';

/**
 * The embedded model: one GGUF model in memory at a time, one reply generating at a time, the
 * other requests waiting in line (request-queue.ts). The model is loaded on first use, or at
 * start-up with `preload`; a request for another file swaps the model when its turn comes.
 *
 * memoryBytes is what the loaded model holds: the size of its weights in memory (model.size)
 * plus node-llama-cpp's estimate of its context (KV cache and compute buffers, RAM and VRAM
 * together) at the configured context size.
 */

export interface LocalGenerationRequest {
  /** The GGUF file (absolute); the configured default when left out. */
  modelPath?: string | undefined;
  chat: LocalChatPrompt;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  topP?: number | undefined;
  topK?: number | undefined;
  seed?: number | undefined;
  stopSequences?: string[] | undefined;
  signal?: AbortSignal | undefined;
  /** The request's place in line while it waits (1 = next). */
  onQueuePosition?: ((position: number) => void) | undefined;
  onText?: ((text: string) => void) | undefined;
}

export type LocalFinishReason = 'stop' | 'length' | 'abort';

export interface LocalGenerationResult {
  text: string;
  /** Tokens of the prompt as the model's chat template renders it. */
  inputTokens: number;
  outputTokens: number;
  finishReason: LocalFinishReason;
}

export interface LoadedLocalModel {
  name: string;
  file: string;
  memoryBytes: number;
  contextSize: number;
}

export interface LocalTokenizer {
  tokenize(text: string): number[];
  detokenize(tokens: readonly number[]): string;
}

export interface LocalModelEngine {
  generate(request: LocalGenerationRequest): Promise<LocalGenerationResult>;
  /** Loads the model (the default when no path is given) without generating. */
  load(modelPath?: string): Promise<LoadedLocalModel>;
  /** The model's tokenizer (loading it first when needed); valid while that model stays loaded. */
  tokenizer(modelPath?: string): Promise<LocalTokenizer>;
  /** A model file's metadata (the default when no path is given), remembered for health. */
  describe(modelPath?: string): Promise<LocalModelInfo>;
  health(): LocalModelHealth;
  /** True when a new request would be refused: one generating and LOCAL_MODEL_QUEUE_MAX waiting. */
  isFull(): boolean;
  /** Frees the model and its context; waiting requests fail. */
  dispose(): Promise<void>;
}

interface Loaded {
  path: string;
  info: LoadedLocalModel;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
}

type Status = Exclude<LocalModelHealth['status'], 'none'>;

export function createLocalModelEngine(config: LocalModelConfig): LocalModelEngine {
  const queue = createRequestQueue({ maxWaiting: config.queueMax });
  let loaded: Loaded | null = null;
  let status: Status = 'idle';
  let loadingPath: string | null = null;
  let lastError: string | null = null;
  let disposed = false;
  /** Stops the reply generating when the app closes, so the model can be freed. */
  const closing = new AbortController();
  /** The task holding the slot (settled when idle), awaited before the model is freed. */
  let running: Promise<unknown> = Promise.resolve();
  /** general.name of the files read so far, for health before (or without) a load. */
  const names = new Map<string, string>();

  function pathOf(modelPath: string | undefined): string {
    const chosen = modelPath ?? config.file;
    if (!chosen) throw new Error(`no local model is installed in ${config.dir}`);
    return chosen;
  }

  async function unload() {
    const current = loaded;
    loaded = null;
    if (!current) return;
    await current.context.dispose();
    await current.model.dispose();
  }

  async function memoryOf(model: LlamaModel, context: LlamaContext): Promise<number> {
    try {
      const estimate = await model.fileInsights.estimateContextResourceRequirementsV2({
        contextSize: context.contextSize,
        modelGpuLayers: model.gpuLayers,
      });
      return model.size + estimate.cpuRam + estimate.gpuVram;
    } catch {
      // An architecture the estimator does not know: the weights alone are still true.
      return model.size;
    }
  }

  /** Runs inside the queue's slot, so loading never races a generation. */
  async function ensureLoaded(modelPath: string): Promise<Loaded> {
    if (disposed) throw new Error('the local model engine was disposed');
    if (loaded?.path === modelPath) return loaded;
    await unload();
    status = 'loading';
    loadingPath = modelPath;
    try {
      const info = await readLocalModelInfo(modelPath);
      names.set(modelPath, info.name);
      const llama = await llamaRuntime(config.gpu);
      const model = await llama.loadModel({ modelPath, gpuLayers: config.gpuLayers });
      let context: LlamaContext;
      try {
        context = await model.createContext({
          // No use reserving more than the model was trained for.
          contextSize: Math.min(config.contextSize, model.trainContextSize),
          ...(config.threads === null ? {} : { threads: config.threads }),
        });
      } catch (error) {
        await model.dispose();
        throw error;
      }
      if (disposed) {
        // The app closed while this model loaded (a background preload): free it at once.
        await context.dispose();
        await model.dispose();
        throw new Error('the local model engine was disposed');
      }
      loaded = {
        path: modelPath,
        model,
        context,
        sequence: context.getSequence(),
        info: {
          name: info.name,
          file: info.file,
          memoryBytes: await memoryOf(model, context),
          contextSize: context.contextSize,
        },
      };
      status = 'ready';
      lastError = null;
      return loaded;
    } catch (error) {
      status = 'error';
      lastError = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      loadingPath = null;
    }
  }

  async function run(current: Loaded, request: LocalGenerationRequest) {
    const signal = request.signal
      ? AbortSignal.any([request.signal, closing.signal])
      : closing.signal;
    const session = new LlamaChatSession({
      contextSequence: current.sequence,
      // The sequence (and the prompt prefix it has evaluated) outlives each request's session.
      autoDisposeSequence: false,
    });
    try {
      // A fresh history per request: the conversation is the client's, not the engine's.
      session.setChatHistory(request.chat.history);
      let outputTokens = 0;
      let text = '';
      const meta = await session.promptWithMeta(request.chat.prompt, {
        // A model that never says it is done (or a caller that sets no limit) stops at one
        // context's worth of tokens instead of holding the only slot indefinitely.
        maxTokens: request.maxTokens ?? current.context.contextSize,
        temperature: request.temperature,
        topP: request.topP,
        topK: request.topK,
        seed: request.seed,
        customStopTriggers: request.stopSequences,
        signal,
        stopOnAbortSignal: true,
        onToken: (tokens: Token[]) => {
          outputTokens += tokens.length;
        },
        onTextChunk: (chunk: string) => {
          text += chunk;
          request.onText?.(chunk);
        },
      });
      const rendered = session.chatWrapper.generateContextState({
        chatHistory: [
          ...request.chat.history,
          { type: 'user', text: request.chat.prompt },
          { type: 'model', response: [] },
        ],
      });
      let finishReason: LocalFinishReason = 'stop';
      if (meta.stopReason === 'maxTokens') finishReason = 'length';
      else if (meta.stopReason === 'abort') finishReason = 'abort';
      return {
        text,
        inputTokens: rendered.contextText.tokenize(current.model.tokenizer).length,
        outputTokens,
        finishReason,
      };
    } finally {
      session.dispose({ disposeSequence: false });
    }
  }

  function inQueue<T>(
    task: () => Promise<T>,
    signal?: AbortSignal,
    onPosition?: (position: number) => void,
  ): Promise<T> {
    if (disposed) return Promise.reject(new Error('the local model engine was disposed'));
    const tracked = () => {
      const result = task();
      running = result.catch(() => {});
      return result;
    };
    return queue.run(tracked, { signal, onPosition }).catch((error: unknown) => {
      throw error instanceof QueueFullError ? new LocalModelBusyError({ cause: error }) : error;
    });
  }

  return {
    async generate(request) {
      const modelPath = pathOf(request.modelPath);
      return inQueue(
        async () => {
          const current = await ensureLoaded(modelPath);
          // Aborted while the model loaded: nothing to generate.
          if (request.signal?.aborted) throw request.signal.reason;
          return run(current, request);
        },
        request.signal,
        request.onQueuePosition,
      );
    },

    async load(modelPath) {
      const chosen = pathOf(modelPath);
      return inQueue(async () => (await ensureLoaded(chosen)).info);
    },

    async tokenizer(modelPath) {
      const chosen = pathOf(modelPath);
      const { model } = await inQueue(() => ensureLoaded(chosen));
      return {
        tokenize: (text) => [...model.tokenize(text)],
        detokenize: (tokens) => model.detokenize(tokens as Token[]),
      };
    },

    async describe(modelPath) {
      const chosen = pathOf(modelPath);
      const info = await readLocalModelInfo(chosen);
      names.set(chosen, info.name);
      return info;
    },

    health() {
      const base = {
        active: queue.active,
        queued: queue.waiting,
        error: status === 'error' ? lastError : null,
      };
      if (loaded) {
        const { name, file, memoryBytes } = loaded.info;
        return { ...base, status, name, file, memoryBytes };
      }
      const current = loadingPath ?? config.file;
      if (current === null) {
        return { ...base, status: 'none', name: null, file: null, memoryBytes: null };
      }
      const file = path.basename(current);
      const name = names.get(current) ?? file.replace(/\.gguf$/i, '');
      return { ...base, status, name, file, memoryBytes: null };
    },

    isFull() {
      return queue.active === 1 && queue.waiting >= config.queueMax;
    },

    async dispose() {
      disposed = true;
      closing.abort(new Error('the local model engine is closing'));
      // Freeing the context under a running generation would pull memory from under it.
      await running;
      await unload();
      status = 'idle';
    },
  };
}
