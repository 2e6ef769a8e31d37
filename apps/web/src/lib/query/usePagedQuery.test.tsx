import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invalidateQueries, queryOptions } from './queryCache';
import { usePagedQuery } from './usePagedQuery';

interface Pages {
  ids: string[];
  next: string | null;
}

/** A list whose pages the test hands out: the first from `first`, the next from `fetchPage`. */
function paged(
  key: string,
  first: () => Promise<Pages>,
  fetchPage: (cursor: string) => Promise<Pages>,
) {
  return renderHook(() =>
    usePagedQuery({
      query: queryOptions({ queryKey: ['paged', key], queryFn: first }),
      items: (pages: Pages) => pages.ids,
      idOf: (id: string) => id,
      withItems: (pages, ids) => ({ ...pages, ids }),
      nextOf: (pages) => pages.next,
      fetchPage,
      itemsOfPage: (next) => next.ids,
      append: (latest, next, fresh) => ({ ids: [...latest.ids, ...fresh], next: next.next }),
    }),
  );
}

/** The pages read so far, once there are some. */
const dataOf = ({ query }: { query: { status: string; data?: Pages } }) =>
  query.status === 'success' ? query.data : undefined;

describe('usePagedQuery', () => {
  it('appends the next page, listing once an item that moved up between the two reads', async () => {
    const fetchPage = vi.fn(async () => ({ ids: ['b', 'c'], next: null }));
    const { result } = paged('dedupe', async () => ({ ids: ['a', 'b'], next: 'p2' }), fetchPage);
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(dataOf(result.current)).toEqual({ ids: ['a', 'b', 'c'], next: null }),
    );
    expect(fetchPage).toHaveBeenCalledWith('p2');
    expect(result.current.hasMore).toBe(false);
    expect(result.current.loadingMore).toBe(false);
  });

  it('drops a page read for a list that has been read again meanwhile', async () => {
    let resolvePage!: (pages: Pages) => void;
    let reads = 0;
    const first = async () => {
      reads += 1;
      return reads === 1 ? { ids: ['a'], next: 'old' } : { ids: ['z', 'a'], next: 'new' };
    };
    const { result } = paged('stale', first, () => new Promise((done) => (resolvePage = done)));
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    act(() => result.current.loadMore());
    act(() => invalidateQueries(['paged', 'stale']));
    await waitFor(() => expect(dataOf(result.current)).toEqual({ ids: ['z', 'a'], next: 'new' }));
    await act(async () => resolvePage({ ids: ['b'], next: null }));
    expect(dataOf(result.current)).toEqual({ ids: ['z', 'a'], next: 'new' });
  });

  it('says a failed load more while its list is shown, and tries again on request', async () => {
    const fetchPage = vi
      .fn<(cursor: string) => Promise<Pages>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ ids: ['b'], next: null });
    const { result } = paged('failure', async () => ({ ids: ['a'], next: 'p2' }), fetchPage);
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.loadMoreError).toEqual(new Error('offline')));
    expect(dataOf(result.current)).toEqual({ ids: ['a'], next: 'p2' });
    act(() => result.current.loadMore());
    await waitFor(() => expect(dataOf(result.current)).toEqual({ ids: ['a', 'b'], next: null }));
    expect(result.current.loadMoreError).toBeNull();
  });

  it('changes the pages in place', async () => {
    const { result } = paged('update', async () => ({ ids: ['a', 'b'], next: null }), vi.fn());
    await waitFor(() => expect(result.current.query.status).toBe('success'));
    act(() =>
      result.current.update((pages) => ({ ...pages, ids: pages.ids.filter((id) => id !== 'a') })),
    );
    expect(dataOf(result.current)).toEqual({ ids: ['b'], next: null });
  });

  it('takes an item out at once and puts it back where it was', async () => {
    const { result } = paged('remove', async () => ({ ids: ['a', 'b', 'c'], next: null }), vi.fn());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    let undo!: () => void;
    act(() => {
      undo = result.current.removeOptimistically('b');
    });
    expect(result.current.state).toEqual({ status: 'ready', items: ['a', 'c'], refreshing: false });
    act(() => undo());
    expect(dataOf(result.current)).toEqual({ ids: ['a', 'b', 'c'], next: null });
  });

  it('does not put an item back twice: undo after it is back already changes nothing', async () => {
    const { result } = paged('back', async () => ({ ids: ['a', 'b', 'c'], next: null }), vi.fn());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    let undo!: () => void;
    act(() => {
      undo = result.current.removeOptimistically('a');
    });
    // The list was read again meanwhile, and the item is in it (at the end, say).
    act(() => result.current.update((pages) => ({ ...pages, ids: [...pages.ids, 'a'] })));
    act(() => undo());
    expect(dataOf(result.current)).toEqual({ ids: ['b', 'c', 'a'], next: null });
  });

  it('takes nothing out, and puts nothing back, for an item not listed', async () => {
    const { result } = paged('absent', async () => ({ ids: ['a'], next: null }), vi.fn());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    let undo!: () => void;
    act(() => {
      undo = result.current.removeOptimistically('z');
    });
    act(() => undo());
    expect(dataOf(result.current)).toEqual({ ids: ['a'], next: null });
  });

  it('says loading, then the error, and reads again on retry', async () => {
    const first = vi
      .fn<() => Promise<Pages>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ ids: ['a'], next: null });
    const { result } = paged('retry', first, vi.fn());
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() =>
      expect(result.current.state).toEqual({ status: 'error', error: new Error('down') }),
    );
    act(() => result.current.retry());
    await waitFor(() =>
      expect(result.current.state).toEqual({ status: 'ready', items: ['a'], refreshing: false }),
    );
  });
});
