import type { ChatModel, ModelCapability, ModelPlan, ModelProvider } from '@studio/contracts';
import type { LanguageModel } from 'ai';
import type { LocalModelEngine } from '../providers/index.ts';

/** A configured model, as the server knows it (its provider settings stay in the registry). */
export interface RegisteredModel {
  id: string;
  name: string;
  provider: ModelProvider;
  capabilities: readonly ModelCapability[];
  plan: ModelPlan;
}

/**
 * The models the server can talk to, from configuration (plugins/app/models.ts decorates the app
 * with one). Routes ask it for the AI SDK model object; nothing else knows providers or keys.
 */
export interface ModelRegistry {
  /** Every configured model, in configuration order. */
  all(): readonly RegisteredModel[];
  get(id: string): RegisteredModel | undefined;
  /** The models as a user on this plan sees them (available false above the plan). */
  forPlan(plan: ModelPlan): ChatModel[];
  /** The first available text model for the plan, or null. */
  defaultModelId(plan: ModelPlan): string | null;
  /** The AI SDK model object for a registered id; throws for an unknown id. */
  languageModel(id: string): LanguageModel;
  /** True when only the sandbox model is configured (the UI says so). */
  readonly sandboxOnly: boolean;
  /** The command that installs a real local model, while the sandbox stands in for one. */
  readonly pullCommand?: string | null;
  /** True when the model cannot take another request now (the local model's queue is full). */
  isBusy?(id: string): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    models: ModelRegistry;
    /** The embedded model engine, when a local model is configured (plugins/app/models.ts). */
    localModel: LocalModelEngine | null;
  }
}
