import type { ModelCapability, ModelPlan } from '@studio/contracts';
import type { LanguageModel } from 'ai';
import { HttpError } from '../../http/errors.ts';
import { type Caller, callerPlan } from '../callers/caller.ts';
import { canUse } from '../providers/index.ts';
import type { ModelRegistry, RegisteredModel } from './model-registry.ts';

/** Visitors chat on the free plan. */
export function planOf(caller: Caller): ModelPlan {
  return callerPlan(caller, new Date());
}

const planNames: Record<ModelPlan, string> = { free: 'Free', pro: 'Pro', godmode: 'GodMode' };

export interface ResolvedModel {
  registered: RegisteredModel;
  model: LanguageModel;
}

/** A registered model the caller's plan allows: 400 when unknown, 403 when above the plan. */
export function resolveModel(
  registry: ModelRegistry,
  caller: Caller,
  modelId: string,
): ResolvedModel {
  const registered = registry.get(modelId);
  if (!registered) {
    throw new HttpError(400, 'This model is not available. Choose another model.');
  }
  if (!canUse(planOf(caller), registered.plan)) {
    throw new HttpError(
      403,
      `${registered.name} needs the ${planNames[registered.plan]} plan. Upgrade to use it.`,
    );
  }
  return { registered, model: registry.languageModel(modelId) };
}

export function hasCapability(model: RegisteredModel, capability: ModelCapability): boolean {
  return model.capabilities.includes(capability);
}
