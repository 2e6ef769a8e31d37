import { toLocalChatPrompt } from './chat-prompt.ts';
import type { LocalGenerationResult, LocalModelEngine } from './engine.ts';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '../language-model-types.ts';

/**
 * The local model as an AI SDK language model, so the chat streams from it exactly as from any
 * provider (streamText, abort, usage). Token counts come from the model's own tokenizer.
 *
 * While a request waits for the model it receives `raw` stream parts carrying its place in line
 * (`{ localModelQueue: { position } }`, see queuePositionOf) when the caller asked for raw
 * chunks (streamText's includeRawChunks): the SDK passes them through untouched, so the chat
 * route can turn them into `queue` events without a side channel.
 */

export interface LocalQueueChunk {
  localModelQueue: { position: number };
}

/** The place in line a raw stream part carries, or null for any other raw part. */
export function queuePositionOf(rawValue: unknown): number | null {
  if (typeof rawValue !== 'object' || rawValue === null || !('localModelQueue' in rawValue)) {
    return null;
  }
  const { localModelQueue } = rawValue as Partial<LocalQueueChunk>;
  const position = localModelQueue?.position;
  return typeof position === 'number' ? position : null;
}

function usageOf(result: LocalGenerationResult): LanguageModelV3Usage {
  return {
    inputTokens: {
      total: result.inputTokens,
      noCache: result.inputTokens,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: result.outputTokens, text: result.outputTokens, reasoning: undefined },
  };
}

function finishReasonOf(result: LocalGenerationResult): LanguageModelV3FinishReason {
  const unified = result.finishReason === 'abort' ? 'other' : result.finishReason;
  return { unified, raw: result.finishReason };
}

function warningsFor(options: LanguageModelV3CallOptions) {
  const unsupported: string[] = [];
  if (options.tools && options.tools.length > 0) unsupported.push('tools');
  if (options.responseFormat?.type === 'json') unsupported.push('responseFormat json');
  if (options.presencePenalty !== undefined) unsupported.push('presencePenalty');
  if (options.frequencyPenalty !== undefined) unsupported.push('frequencyPenalty');
  return unsupported.map((feature) => ({ type: 'unsupported' as const, feature }));
}

const textId = 'text-0';

export function createLocalLanguageModel(
  engine: LocalModelEngine,
  settings: { modelId: string; modelPath?: string | undefined },
): LanguageModelV3 {
  function generate(
    options: LanguageModelV3CallOptions,
    signal: AbortSignal,
    onQueuePosition: ((position: number) => void) | undefined,
    onText: ((text: string) => void) | undefined,
  ) {
    return engine.generate({
      modelPath: settings.modelPath,
      chat: toLocalChatPrompt(options.prompt),
      maxTokens: options.maxOutputTokens,
      temperature: options.temperature,
      topP: options.topP,
      topK: options.topK,
      seed: options.seed,
      stopSequences: options.stopSequences,
      signal,
      onQueuePosition,
      onText,
    });
  }

  return {
    specificationVersion: 'v3',
    provider: 'local',
    modelId: settings.modelId,
    supportedUrls: {},

    async doGenerate(options) {
      const signal = options.abortSignal ?? new AbortController().signal;
      const result = await generate(options, signal, undefined, undefined);
      if (signal.aborted) throw signal.reason;
      return {
        content: result.text ? [{ type: 'text', text: result.text }] : [],
        finishReason: finishReasonOf(result),
        usage: usageOf(result),
        warnings: warningsFor(options),
      };
    },

    async doStream(options) {
      // Aborted by the caller's signal, or by the SDK cancelling the stream it no longer reads.
      const cancelled = new AbortController();
      const signal = options.abortSignal
        ? AbortSignal.any([options.abortSignal, cancelled.signal])
        : cancelled.signal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: warningsFor(options) });
          let started = false;
          const onQueuePosition = options.includeRawChunks
            ? (position: number) =>
                controller.enqueue({
                  type: 'raw',
                  rawValue: { localModelQueue: { position } } satisfies LocalQueueChunk,
                })
            : undefined;
          const onText = (delta: string) => {
            if (!started) {
              started = true;
              controller.enqueue({ type: 'text-start', id: textId });
            }
            controller.enqueue({ type: 'text-delta', id: textId, delta });
          };
          generate(options, signal, onQueuePosition, onText).then(
            (result) => {
              if (signal.aborted) {
                controller.error(signal.reason);
                return;
              }
              if (started) controller.enqueue({ type: 'text-end', id: textId });
              controller.enqueue({
                type: 'finish',
                finishReason: finishReasonOf(result),
                usage: usageOf(result),
              });
              controller.close();
            },
            (error: unknown) => {
              if (signal.aborted) controller.error(signal.reason);
              else {
                controller.enqueue({ type: 'error', error });
                controller.close();
              }
            },
          );
        },
        cancel(reason) {
          cancelled.abort(reason);
        },
      });
      return { stream };
    },
  };
}
