import type { ChatModel, ChatModelsResponse } from '@studio/contracts';
import { modelCapabilities, modelPlans, modelProviders } from '@studio/contracts/chatOptions';
import { cookieClient } from '../../../lib/api/clients';

/*
 * The contract's chatModelsResponse, checked by hand: every visitor's first load asks for the
 * models, and must not download the schema library (zod) for it. The test holds it to the schema.
 */

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;

const oneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  (choices as readonly unknown[]).includes(value);

const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

function readModel(value: unknown): ChatModel {
  const fields = fieldsOf(value);
  if (!fields) throw new Error('Unexpected model in /api/chat/models/chat');
  const { id, name, provider, capabilities, plan, available } = fields;
  if (
    typeof id !== 'string' ||
    typeof name !== 'string' ||
    !oneOf(modelProviders, provider) ||
    !Array.isArray(capabilities) ||
    !capabilities.every((capability) => oneOf(modelCapabilities, capability)) ||
    !oneOf(modelPlans, plan) ||
    typeof available !== 'boolean'
  ) {
    throw new Error('Unexpected model in /api/chat/models/chat');
  }
  return { id, name, provider, capabilities, plan, available };
}

export function readChatModels(body: unknown): ChatModelsResponse {
  const fields = fieldsOf(body);
  if (
    !fields ||
    !Array.isArray(fields['models']) ||
    !isStringOrNull(fields['defaultModelId']) ||
    typeof fields['sandbox'] !== 'boolean' ||
    !isStringOrNull(fields['pullCommand'])
  ) {
    throw new Error('Unexpected answer from /api/chat/models/chat');
  }
  return {
    models: fields['models'].map(readModel),
    defaultModelId: fields['defaultModelId'],
    sandbox: fields['sandbox'],
    pullCommand: fields['pullCommand'],
  };
}

/** §7 GET /api/chat/models/chat: the models the current user (or visitor) may chat with. */
export async function getChatModels(signal?: AbortSignal): Promise<ChatModelsResponse> {
  const { data } = await cookieClient.get<unknown>('/api/chat/models/chat', { signal });
  return readChatModels(data);
}
