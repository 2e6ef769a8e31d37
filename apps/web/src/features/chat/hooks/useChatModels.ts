import type { ChatModelsResponse } from '@studio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { chatStorageKey, type KeyValueStore } from '../../../lib/storage';
import { chatErrorMessage } from '../api/errors';
import { arrivedChatModels, getChatModels } from '../api/getChatModels';

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
 *
 * Not on lib/query, with useConversationHistory: both are in a visitor's first load of /, and
 * lib/query there (its cache and useQuery, a chunk of 0.8 KB gzipped, and the hooks' changes)
 * took that load from 149.8 KB to 150.7 KB, over its 150 KB budget (measured for issue 23 with
 * e2e/first-load.spec.ts).
 */
export function useChatModels(
  store: KeyValueStore,
  owner: string,
  load: typeof getChatModels = getChatModels,
  arrived: typeof arrivedChatModels = arrivedChatModels,
): UseChatModels {
  // Asked for at entry start (app/routeNeeds.ts) and often here before the chat: then the
  // picker and the composer appear at once, with no loading state that would move them.
  const [early] = useState(arrived);
  const [state, setState] = useState<ChatModelsState>(
    early ? { status: 'ready', response: early } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const key = chatStorageKey('chatModel', owner);
  const [chosen, setChosen] = useState(() => ({ key, modelId: store.get(key) }));
  // Another user: their own remembered choice (adjusted while rendering, not in an effect).
  if (chosen.key !== key) setChosen({ key, modelId: store.get(key) });

  useEffect(() => {
    // The first attempt's answer is the early one, already shown.
    if (attempt === 0 && early) return;
    const controller = new AbortController();
    load(controller.signal)
      .then((response) => setState({ status: 'ready', response }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ status: 'error', message: chatErrorMessage(error) });
        }
      });
    return () => controller.abort();
  }, [load, attempt, early]);

  const choose = useCallback(
    (modelId: string) => {
      store.set(key, modelId);
      setChosen({ key, modelId });
    },
    [store, key],
  );

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

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

  return { state, modelId, choose, reload };
}
