import type { ModelCapability, ModelPlan } from '@studio/contracts';
import type { LanguageModel } from 'ai';
import { HttpError } from '../../http/errors.ts';
import { canUse, planOf as planOfUser } from '../models/entitlements.ts';
import type { ModelRegistry, RegisteredModel } from '../models/model-registry.ts';
import type { User } from '../users/user.ts';

/** Who is chatting: a signed-in user, or a visitor known only by their hashed address. */
export type ChatCaller = { kind: 'user'; user: User } | { kind: 'visitor'; addressKey: string };

/** Visitors chat on the free plan. */
export function planOf(caller: ChatCaller): ModelPlan {
  return planOfUser(caller.kind === 'user' ? caller.user : null);
}

const planNames: Record<ModelPlan, string> = { free: 'Free', pro: 'Pro', godmode: 'GodMode' };

export interface ResolvedModel {
  registered: RegisteredModel;
  model: LanguageModel;
}

/** A registered model the caller's plan allows: 400 when unknown, 403 when above the plan. */
export function resolveModel(
  registry: ModelRegistry,
  caller: ChatCaller,
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
