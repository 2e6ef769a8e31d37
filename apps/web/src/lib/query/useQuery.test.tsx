import { act, renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred';
import { invalidateQueries, queryOptions, setQueryData } from './queryCache';
import { useQuery } from './useQuery';

const itemsQuery = (queryFn: (signal: AbortSignal) => Promise<string[]>, id = 'a') =>
  queryOptions({ queryKey: ['items', id], queryFn });

describe('useQuery', () => {
  it('shares one request between the readers of a key', async () => {
    const queryFn = vi.fn(async () => ['one']);
    const { result } = renderHook(() => [
      useQuery(itemsQuery(queryFn)),
      useQuery(itemsQuery(queryFn)),
    ]);
    await waitFor(() =>
      expect(result.current[0]).toMatchObject({ status: 'success', data: ['one'] }),
    );
    expect(result.current[1]).toMatchObject({ status: 'success', data: ['one'] });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('aborts the request when the last reader unmounts, and loads afresh for the next', async () => {
    const signals: AbortSignal[] = [];
    const queryFn = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string[]>(() => {});
    });
    const first = renderHook(() => useQuery(itemsQuery(queryFn)));
    expect(first.result.current.status).toBe('loading');
    first.unmount();
    expect(signals[0]?.aborted).toBe(true);
    renderHook(() => useQuery(itemsQuery(queryFn)));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('aborts the old key on a key change and ignores its answer', async () => {
    const answers = { a: deferred<string[]>(), b: deferred<string[]>() };
    const signals: Record<string, AbortSignal> = {};
    const { result, rerender } = renderHook(
      ({ id }: { id: 'a' | 'b' }) =>
        useQuery(
          itemsQuery((signal) => {
            signals[id] = signal;
            return answers[id].promise;
          }, id),
        ),
      { initialProps: { id: 'a' } },
    );
    rerender({ id: 'b' });
    expect(signals.a?.aborted).toBe(true);
    await act(async () => answers.a.resolve(['old']));
    expect(result.current.status).toBe('loading');
    await act(async () => answers.b.resolve(['new']));
    expect(result.current).toMatchObject({ status: 'success', data: ['new'] });
  });

  it('reports a failure, and a reload shows loading then reads again', async () => {
    const queryFn = vi
      .fn<(signal: AbortSignal) => Promise<string[]>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(['back']);
    const { result } = renderHook(() => useQuery(itemsQuery(queryFn)));
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'success', data: ['back'] }),
    );
  });

  it('keeps the data while an invalidated key reads again, and takes a change’s answer', async () => {
    const queryFn = vi
      .fn<(signal: AbortSignal) => Promise<string[]>>()
      .mockResolvedValueOnce(['one'])
      .mockResolvedValueOnce(['one', 'two']);
    const { result } = renderHook(() => useQuery(itemsQuery(queryFn)));
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => invalidateQueries(['items']));
    expect(result.current).toMatchObject({ status: 'success', data: ['one'], refreshing: true });
    await waitFor(() =>
      expect(result.current).toMatchObject({ data: ['one', 'two'], refreshing: false }),
    );
    act(() => setQueryData<string[]>(['items', 'a'], (items) => items.slice(1)));
    expect(result.current).toMatchObject({ data: ['two'] });
    invalidateQueries(['other']);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while disabled', () => {
    const queryFn = vi.fn(async () => ['one']);
    const { result } = renderHook(() => useQuery({ ...itemsQuery(queryFn), enabled: false }));
    expect(result.current.status).toBe('loading');
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('shows its initial data at once, asking nothing until a reload', async () => {
    const queryFn = vi.fn(async () => ['fresh']);
    const renders: string[] = [];
    const { result } = renderHook(() => {
      const query = useQuery({ ...itemsQuery(queryFn), initialData: ['early'] });
      renders.push(query.status);
      return query;
    });
    // Drawn once: the entry the reader creates holds the very state it first showed.
    expect(renders).toEqual(['success']);
    expect(result.current).toMatchObject({ status: 'success', data: ['early'] });
    expect(queryFn).not.toHaveBeenCalled();
    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'success', data: ['fresh'] }),
    );
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('draws its initial data on the server, where nothing subscribes', () => {
    const queryFn = vi.fn(async () => ['fresh']);
    function Items() {
      const query = useQuery({ ...itemsQuery(queryFn), initialData: ['early'] });
      return <p>{query.status === 'success' ? query.data.join() : query.status}</p>;
    }
    expect(renderToString(<Items />)).toBe('<p>early</p>');
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('takes no initial data for a key already read: the entry’s answer stands', async () => {
    const queryFn = vi.fn(async () => ['read']);
    const { result } = renderHook(() => [
      useQuery(itemsQuery(queryFn)),
      useQuery({ ...itemsQuery(queryFn), initialData: ['early'] }),
    ]);
    await waitFor(() => expect(result.current[1]).toMatchObject({ data: ['read'] }));
    expect(result.current[0]).toMatchObject({ data: ['read'] });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
