import { useToast } from '@studio/ui';
import { useEffect, useRef } from 'react';
import { useErrorText } from '../lib/api/useErrorText';
import { useConfirmedMutation, type PagedList } from '../lib/query';

export interface OptimisticDeletionOptions<Item> {
  list: Pick<PagedList<Item>, 'removeOptimistically'>;
  /** Deletes the item for good (on the server, from this browser's store). */
  remove: (item: Item) => Promise<unknown>;
  /** The toasts' titles: the item is gone; it could not be deleted (the reason follows). */
  texts: { done: string; failed: string };
}

/**
 * A paged list's confirmed deletion, shown at once: the item leaves the list when confirmed and
 * comes back where it was if the deletion is refused (said in a toast, the dialog being gone).
 * `listRef` goes to the list (PagedTiles' listRef): it takes the keyboard once the dialog has let
 * go of it, since the focused card went with the item.
 */
export function useOptimisticDeletion<Item>({
  list,
  remove,
  texts,
}: OptimisticDeletionOptions<Item>) {
  const describe = useErrorText();
  const { toast } = useToast();
  const listRef = useRef<HTMLElement>(null);
  // Set when a confirmed deletion took the focused card away: the list takes the keyboard once
  // the dialog has let go of it (its focus trap would take it back before).
  const focusListAfterDelete = useRef(false);
  const deletion = useConfirmedMutation({
    mutation: {
      mutationFn: async (item: Item) => {
        const restore = list.removeOptimistically(item);
        focusListAfterDelete.current = true;
        try {
          await remove(item);
        } catch (error) {
          restore();
          throw error;
        }
      },
    },
    waitForAnswer: false,
    onSuccess: () => toast({ tone: 'success', title: texts.done }),
    onError: (error) =>
      toast({ tone: 'critical', title: texts.failed, description: describe(error) }),
  });
  const deleting = deletion.target;
  useEffect(() => {
    if (deleting !== null || !focusListAfterDelete.current) return;
    focusListAfterDelete.current = false;
    listRef.current?.focus();
  }, [deleting]);
  return { deletion, listRef };
}
