import type { ChatModelsResponse } from '@studio/contracts';
import { useCallback, useState } from 'react';
// Not lib/query's index, which would bring all of it into a visitor's first load of / (index.ts).
import { useQuery } from '../../../lib/query/useQuery';
import { chatStorageKey, type KeyValueStore } from '../../../lib/storage';
import { chatErrorMessage } from '../api/errors';
import { arrivedChatModels, chatModelsQueryOptions } from '../api/getChatModels';

export type ChatModelsState =
  | { status: 'loading' }
  /** `message`: the §8 text from the exception or server; null shows 'Failed to load chat models'. */
  | { status: 'error'; message: string | null }
  | { status: 'ready'; response: ChatModelsResponse };

export interface UseChatModels {
  state: ChatModelsState;
  /** The chosen model: the remembered one while it is still usable, else the default. */
  modelId: string | null;
  choose: (modelId: string) => void;
  reload: () => void;
}

/**
 * The models the user may chat with, and their choice: remembered per user (`owner`: the user id,
 * or 'visitor') in local storage, falling back to the server's default. The models are read
 * through lib/query (a retry is its reload; the request is aborted when the chat goes).
 */
export function useChatModels(store: KeyValueStore, owner: string): UseChatModels {
  // Asked for at entry start (app/routeNeeds.ts) and often here before the chat: then the
  // picker and the composer appear at once, with no loading state that would move them. It
  // answered for whoever was there then: another owner's models are read afresh.
  const [early] = useState(() => ({ owner, models: arrivedChatModels() ?? undefined }));
  const query = useQuery(
    chatModelsQueryOptions(owner, owner === early.owner ? early.models : undefined),
  );
  const state: ChatModelsState =
    query.status === 'success'
      ? { status: 'ready', response: query.data }
      : query.status === 'error'
        ? { status: 'error', message: chatErrorMessage(query.error) }
        : { status: 'loading' };
  const key = chatStorageKey('chatModel', owner);
  const [chosen, setChosen] = useState(() => ({ key, modelId: store.get(key) }));
  // Another user: their own remembered choice (adjusted while rendering, not in an effect).
  if (chosen.key !== key) setChosen({ key, modelId: store.get(key) });

  const choose = useCallback(
    (modelId: string) => {
      store.set(key, modelId);
      setChosen({ key, modelId });
    },
    [store, key],
  );

  let modelId: string | null = null;
  if (state.status === 'ready') {
    const { models, defaultModelId } = state.response;
    const usable = (id: string | null) =>
      models.some((model) => model.id === id && model.available);
    modelId = usable(chosen.modelId)
      ? chosen.modelId
      : usable(defaultModelId)
        ? defaultModelId
        : null;
  }

  return { state, modelId, choose, reload: query.reload };
}
