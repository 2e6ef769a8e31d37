import type { ChatModelsResponse } from '@studio/contracts';
import { useCallback, useState } from 'react';
import { useQuery } from '../../../lib/query';
import { chatStorageKey, type KeyValueStore } from '../../../lib/storage';
import { chatErrorMessage } from '../api/errors';
import { chatModelsQueryOptions } from '../api/getChatModels';

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
 * or 'visitor') in local storage, falling back to the server's default.
 */
export function useChatModels(store: KeyValueStore, owner: string): UseChatModels {
  const query = useQuery(chatModelsQueryOptions(owner));
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
