import type { LanguageModel } from 'ai';

/**
 * The AI SDK's language-model interface (LanguageModelV3), reached through the `ai` package:
 * its source, @ai-sdk/provider, is not a direct dependency of this app, and `ai`'s LanguageModel
 * union carries the whole specification.
 */
export type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
export type LanguageModelV3CallOptions = Parameters<LanguageModelV3['doStream']>[0];
export type LanguageModelV3Prompt = LanguageModelV3CallOptions['prompt'];
export type LanguageModelV3StreamResult = Awaited<ReturnType<LanguageModelV3['doStream']>>;
export type LanguageModelV3GenerateResult = Awaited<ReturnType<LanguageModelV3['doGenerate']>>;
export type LanguageModelV3StreamPart =
  LanguageModelV3StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
export type LanguageModelV3Usage = LanguageModelV3GenerateResult['usage'];
export type LanguageModelV3FinishReason = LanguageModelV3GenerateResult['finishReason'];
