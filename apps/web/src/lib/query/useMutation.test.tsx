import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred';
import { queryOptions, setQueryData } from './queryCache';
import { mutationOptions, useMutation } from './useMutation';
import { useQuery } from './useQuery';

/** A list in the cache, and a mutation removing one of its items. */
function listAndRemove(key: string, remove: (id: string, signal: AbortSignal) => Promise<void>) {
  const list = queryOptions({ queryKey: ['mutated', key], queryFn: vi.fn(async () => ['a', 'b']) });
  const removal = mutationOptions({
    mutationFn: remove,
    onSuccess: (_: unknown, id: string) =>
      setQueryData<string[]>(list.queryKey, (items) => items.filter((item) => item !== id)),
  });
  return { list, removal };
}

describe('useMutation', () => {
  it('shows the change pending, then its answer, and updates the cached list it changed', async () => {
    const answer = deferred<undefined>();
    const { list, removal } = listAndRemove('update', () => answer.promise);
    const { result } = renderHook(() => ({ list: useQuery(list), remove: useMutation(removal) }));
    await waitFor(() => expect(result.current.list.status).toBe('success'));
    expect(result.current.remove.status).toBe('idle');

    let done!: Promise<void>;
    act(() => {
      done = result.current.remove.run('a');
    });
    expect(result.current.remove).toMatchObject({ status: 'pending', input: 'a' });
    expect(result.current.list).toMatchObject({ data: ['a', 'b'] });
    await act(async () => {
      answer.resolve(undefined);
      await done;
    });
    expect(result.current.remove).toMatchObject({ status: 'success', input: 'a' });
    expect(result.current.list).toMatchObject({ data: ['b'] });
  });

  it('reads again the keys it invalidates, once it has succeeded', async () => {
    const queryFn = vi
      .fn<(signal: AbortSignal) => Promise<string[]>>()
      .mockResolvedValueOnce(['a'])
      .mockResolvedValueOnce(['a', 'b']);
    const added = mutationOptions({
      mutationFn: async (_: string) => undefined,
      invalidates: [['invalidated']],
    });
    const { result } = renderHook(() => ({
      list: useQuery({ queryKey: ['invalidated', 'list'], queryFn }),
      add: useMutation(added),
    }));
    await waitFor(() => expect(result.current.list.status).toBe('success'));
    await act(() => result.current.add.run('b'));
    await waitFor(() => expect(result.current.list).toMatchObject({ data: ['a', 'b'] }));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('reports a failure (and rejects with it), leaving the cache as it was', async () => {
    const invalidated = vi.fn(async () => ['x']);
    const { list, removal } = listAndRemove('failure', () => Promise.reject(new Error('refused')));
    const { result } = renderHook(() => ({
      list: useQuery(list),
      other: useQuery({ queryKey: ['failure-other'], queryFn: invalidated }),
      remove: useMutation({ ...removal, invalidates: [['failure-other']] }),
    }));
    await waitFor(() => expect(result.current.list.status).toBe('success'));
    const onError = vi.fn();
    const onSuccess = vi.fn();
    await act(async () => {
      await expect(result.current.remove.run('a', { onError, onSuccess })).rejects.toThrow(
        'refused',
      );
    });
    expect(result.current.remove).toMatchObject({ status: 'error', input: 'a' });
    expect(result.current.remove.status === 'error' && result.current.remove.error).toEqual(
      new Error('refused'),
    );
    expect(onError).toHaveBeenCalledWith(new Error('refused'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(result.current.list).toMatchObject({ data: ['a', 'b'] });
    expect(invalidated).toHaveBeenCalledTimes(1);
    act(() => result.current.remove.reset());
    expect(result.current.remove.status).toBe('idle');
  });

  it('shows the latest run when two overlap', async () => {
    const answers = { a: deferred<string>(), b: deferred<string>() };
    const { result } = renderHook(() =>
      useMutation({ mutationFn: (id: 'a' | 'b') => answers[id].promise }),
    );
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.run('a');
      second = result.current.run('b');
    });
    await act(async () => {
      answers.b.resolve('B');
      await second;
    });
    await act(async () => {
      answers.a.resolve('A');
      await first;
    });
    expect(result.current).toMatchObject({ status: 'success', input: 'b', data: 'B' });
  });

  it('aborts what it left running on unmount, and says nothing more to the component', async () => {
    const signals: AbortSignal[] = [];
    const answer = deferred<undefined>();
    const { list, removal } = listAndRemove('unmount', (_, signal) => {
      signals.push(signal);
      return answer.promise;
    });
    const reader = renderHook(() => useQuery(list));
    await waitFor(() => expect(reader.result.current.status).toBe('success'));
    const { result, unmount } = renderHook(() => useMutation(removal));
    const onSuccess = vi.fn();
    let done!: Promise<void>;
    act(() => {
      done = result.current.run('a', { onSuccess });
    });
    unmount();
    expect(signals[0]?.aborted).toBe(true);
    // A call that went through all the same still updates what the cache shows.
    await act(async () => {
      answer.resolve(undefined);
      await done;
    });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(reader.result.current).toMatchObject({ data: ['b'] });
  });
});
