import type { LibraryItem } from '@studio/contracts';
import { useCallback, useRef, useState } from 'react';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import { importLibraryItem } from '../api/importLibraryItem';
import { libraryQueryKey } from '../../../lib/api/endpoints/library/listLibrary';
import { importFilesOf, importThingOf } from '../import/importFiles';
import { planImport, runImport, type ImportOutcome } from '../import/importPlan';
import {
  readVisitorLibrary,
  visitorLibrarySource,
  type VisitorLibraryCollections,
} from '../librarySource';

export type LibraryImportState =
  | { phase: 'idle' }
  | { phase: 'moving'; done: number; total: number }
  | { phase: 'finished'; outcome: ImportOutcome };

export interface UseLibraryImport {
  /** The things this browser still keeps (none while they are read, or where it keeps nothing). */
  waiting: LibraryItem[];
  state: LibraryImportState;
  /** Moves every thing this browser keeps (those left after an earlier attempt, again). */
  move: () => void;
  /** Leaves the outcome for the offer (when things are left) or nothing. */
  close: () => void;
}

/** What this browser keeps for a visitor: read once a user is signed in, and after each move. */
export const browserThingsQueryOptions = (collections: VisitorLibraryCollections) =>
  queryOptions({
    queryKey: [...libraryQueryKey, 'browser'],
    // Where the browser keeps nothing there is nothing to move.
    queryFn: () => readVisitorLibrary(collections).catch((): LibraryItem[] => []),
  });

/**
 * Moving what a visitor made in this browser into the account they signed in to: one thing at a
 * time, oldest first, each removed from the browser once the server holds it (importPlan.ts).
 * The account's ids of the things moved are kept for a retry, so a thing whose parent moved in
 * an earlier attempt still names it.
 */
export function useLibraryImport(collections: VisitorLibraryCollections): UseLibraryImport {
  const things = useQuery(browserThingsQueryOptions(collections));
  const waiting = things.status === 'success' ? things.data : [];
  const [state, setState] = useState<LibraryImportState>({ phase: 'idle' });
  const accountIds = useRef<ReadonlyMap<string, string>>(new Map());

  const move = useCallback(() => {
    if (state.phase === 'moving') return;
    const browser = visitorLibrarySource(collections);
    void (async () => {
      const plan = planImport(await readVisitorLibrary(collections));
      setState({ phase: 'moving', done: 0, total: plan.length });
      const outcome = await runImport(
        plan,
        {
          upload: async (item, parentId) =>
            importLibraryItem({
              item,
              thing: await importThingOf(item, collections),
              parentId,
              files: await importFilesOf(item, collections),
            }),
          removeFromBrowser: (item) => browser.remove(item),
          onProgress: (done, total) => setState({ phase: 'moving', done, total }),
        },
        accountIds.current,
      );
      accountIds.current = outcome.accountIds;
      setState({ phase: 'finished', outcome });
      // The account's library has the things moved; the browser has those left.
      invalidateQueries(libraryQueryKey);
    })().catch(() => {
      // The browser could not be read: nothing was sent, nothing removed.
      setState({ phase: 'finished', outcome: { moved: [], failed: [], accountIds: new Map() } });
    });
  }, [collections, state.phase]);

  const close = useCallback(() => setState({ phase: 'idle' }), []);

  return { waiting, state, move, close };
}
