import type { ChatModel, ChatModelsResponse } from '@studio/contracts';
import { modelCapabilities, modelPlans, modelProviders } from '@studio/contracts/chatOptions';
import { cookieClient } from '../../../lib/api/clients';
import { earlyEndpoints, takeEarly, takeEarlyIfArrived } from '../../../lib/api/earlyRequests';
// Not lib/query's index, which would bring all of it into a visitor's first load of / (index.ts).
import { queryOptions } from '../../../lib/query/queryCache';

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
  // The chat's first read takes the answer asked for at entry start (app/routeNeeds.ts), if any.
  const early = takeEarly('chatModels');
  const data = early
    ? await early.body
    : (await cookieClient.get<unknown>(earlyEndpoints.chatModels.path, { signal })).data;
  return readChatModels(data);
}

/** The models if the early request has answered already (taken: a first render shows them). */
export function arrivedChatModels(): ChatModelsResponse | null {
  const arrived = takeEarlyIfArrived('chatModels');
  if (!arrived) return null;
  try {
    return readChatModels(arrived.body);
  } catch {
    // An unexpected answer: the chat's own load reports it.
    return null;
  }
}

/**
 * The models depend on who asks (a visitor, or which user: their plan). `early`: the models
 * the early request answered already (arrivedChatModels), shown without asking again.
 */
export const chatModelsQueryOptions = (owner: string, early?: ChatModelsResponse) =>
  queryOptions({
    queryKey: ['chat-models', owner],
    queryFn: (signal) => getChatModels(signal),
    initialData: early,
  });
