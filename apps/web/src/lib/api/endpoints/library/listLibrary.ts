import { libraryPage, type LibraryKind, type LibraryPage } from '@studio/contracts';
import { cookieClient } from '../../clients';

/** Every library list (a user's and a visitor's, each filter): what a move or deletion invalidates. */
export const libraryQueryKey = ['library'] as const;

/** What the page shows of the library: one kind or all, and the words searched for. */
export interface LibraryFilter {
  kind: LibraryKind | null;
  /** Trimmed; empty for no search. */
  q: string;
}

/**
 * GET /api/library?kind=&q=&cursor=: a page of the signed-in user's things, newest first (the
 * library page, and the pictures a tool offers to pick from).
 */
export async function listLibrary(
  filter: LibraryFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<LibraryPage> {
  const { data } = await cookieClient.get<unknown>('/api/library', {
    params: { kind: filter.kind ?? undefined, q: filter.q || undefined, cursor },
    signal,
  });
  return libraryPage.parse(data);
}
