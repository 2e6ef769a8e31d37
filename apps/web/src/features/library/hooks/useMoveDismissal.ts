import type { LibraryItem } from '@studio/contracts';
import { useCallback, useState } from 'react';
import { useKeyValueStore } from '../../../lib/storeContext';
import {
  dismissalOf,
  isMoveDismissed,
  moveDismissalKey,
  readMoveDismissal,
} from '../import/moveDismissal';

export interface MoveDismissalState {
  /** The user said "Not now" and the browser has gained nothing since. */
  dismissed: boolean;
  /** "Not now": remembered in this browser for this account. */
  dismiss: () => void;
  /** The user changed their mind: the offer shows again. */
  undo: () => void;
}

/**
 * A signed-in user's "Not now" to moving this browser's things into their account, kept in this
 * browser per account: the library's offer and /home's notice both stay quiet until the browser
 * keeps something new (moveDismissal.ts).
 */
export function useMoveDismissal(
  account: string,
  things: readonly LibraryItem[],
): MoveDismissalState {
  const store = useKeyValueStore();
  const key = moveDismissalKey(account);
  const [dismissal, setDismissal] = useState(() => readMoveDismissal(store.get(key)));

  const dismiss = useCallback(() => {
    const next = dismissalOf(things);
    store.set(key, JSON.stringify(next));
    setDismissal(next);
  }, [store, key, things]);

  const undo = useCallback(() => {
    store.remove(key);
    setDismissal(null);
  }, [store, key]);

  return { dismissed: isMoveDismissed(things, dismissal), dismiss, undo };
}
