import { LIBRARY_SEARCH_MAX_LENGTH, libraryKinds, type LibraryKind } from '@studio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LibraryFilter } from '../../../lib/api/endpoints/library/listLibrary';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

const kindOf = (value: string | null): LibraryKind | null =>
  libraryKinds.find((kind) => kind === value) ?? null;

/**
 * The page's filter kept in the address (`?kind=clip&q=rain`), so a reload or a shared link shows
 * the same; the search field's words reach it once typing pauses.
 */
export function useLibraryFilter() {
  const [params, setParams] = useSearchParams();
  const filter: LibraryFilter = {
    kind: kindOf(params.get('kind')),
    q: (params.get('q') ?? '').trim().slice(0, LIBRARY_SEARCH_MAX_LENGTH),
  };
  const [text, setText] = useState(filter.q);

  const update = useCallback(
    (change: Partial<LibraryFilter>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if ('kind' in change) {
            if (change.kind) next.set('kind', change.kind);
            else next.delete('kind');
          }
          if ('q' in change) {
            if (change.q) next.set('q', change.q);
            else next.delete('q');
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The words typed go to the address after a pause (not on every key).
  const shownQ = filter.q;
  useEffect(() => {
    const q = text.trim().slice(0, LIBRARY_SEARCH_MAX_LENGTH);
    if (q === shownQ) return;
    const timer = window.setTimeout(() => update({ q }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, shownQ, update]);

  return {
    filter,
    text,
    setText,
    setKind: (kind: LibraryKind | null) => update({ kind }),
  };
}
