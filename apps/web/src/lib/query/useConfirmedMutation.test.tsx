import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred';
import { useConfirmedMutation } from './useConfirmedMutation';

interface Row {
  id: string;
  title: string;
}
const row: Row = { id: 'r1', title: 'First' };

/** The flow of a dialog about rows, its failures worded `Failed: …`. */
const confirmRows = (mutationFn: (target: Row) => Promise<unknown>, onSuccess = vi.fn()) =>
  renderHook(() =>
    useConfirmedMutation({
      mutation: { mutationFn },
      errorText: (error) => `Failed: ${String(error)}`,
      onSuccess,
    }),
  );

describe('useConfirmedMutation', () => {
  it('asks about a row, makes the change when confirmed, and closes once it is made', async () => {
    const answer = deferred<undefined>();
    const mutationFn = vi.fn((_: Row) => answer.promise);
    const onSuccess = vi.fn();
    const { result } = confirmRows(mutationFn, onSuccess);
    expect(result.current.target).toBeNull();
    expect(result.current.dialog.open).toBe(false);

    act(() => result.current.ask(row));
    expect(result.current.target).toBe(row);
    expect(result.current.dialog).toMatchObject({ open: true, error: null });

    let confirmed!: Promise<void> | void;
    act(() => {
      confirmed = result.current.dialog.onConfirm();
    });
    // ConfirmDialog shows the confirm button pending while this promise runs.
    expect(confirmed).toBeInstanceOf(Promise);
    expect(mutationFn).toHaveBeenCalledWith(row, expect.any(AbortSignal));
    expect(onSuccess).not.toHaveBeenCalled();
    await act(async () => {
      answer.resolve(undefined);
      await confirmed;
    });
    expect(onSuccess).toHaveBeenCalledWith(undefined, row);
    // The dialog closes itself on the resolved promise, through onOpenChange.
    act(() => result.current.dialog.onOpenChange(false));
    expect(result.current.target).toBeNull();
    expect(result.current.dialog.open).toBe(false);
  });

  it('shows a failure in the dialog, which stays open, and forgets it on the next question', async () => {
    const mutationFn = vi
      .fn<(target: Row) => Promise<void>>()
      .mockRejectedValueOnce('offline')
      .mockResolvedValueOnce(undefined);
    const onSuccess = vi.fn();
    const { result } = confirmRows(mutationFn, onSuccess);
    act(() => result.current.ask(row));
    await act(async () => {
      // Rejected: ConfirmDialog keeps itself open.
      await expect(result.current.dialog.onConfirm()).rejects.toBe('offline');
    });
    expect(result.current.dialog).toMatchObject({ open: true, error: 'Failed: offline' });
    expect(onSuccess).not.toHaveBeenCalled();

    act(() => result.current.dialog.onOpenChange(false));
    act(() => result.current.ask({ id: 'r2', title: 'Second' }));
    expect(result.current.dialog).toMatchObject({ open: true, error: null });
    await act(async () => {
      await result.current.dialog.onConfirm();
    });
    expect(mutationFn).toHaveBeenLastCalledWith({ id: 'r2', title: 'Second' }, expect.anything());
    expect(onSuccess).toHaveBeenCalledWith(undefined, { id: 'r2', title: 'Second' });
  });

  it('asks about something falsy just as well (a count of 0)', async () => {
    const mutationFn = vi.fn(async (_: number) => undefined);
    const { result } = renderHook(() =>
      useConfirmedMutation({ mutation: { mutationFn }, errorText: String }),
    );
    act(() => result.current.ask(0));
    expect(result.current.target).toBe(0);
    expect(result.current.dialog.open).toBe(true);
    await act(async () => {
      await result.current.dialog.onConfirm();
    });
    expect(mutationFn).toHaveBeenCalledWith(0, expect.anything());
  });

  it('closes at once for an optimistic change, and reports its refusal elsewhere', async () => {
    const answer = deferred<undefined>();
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useConfirmedMutation({
        mutation: { mutationFn: (_: Row) => answer.promise },
        waitForAnswer: false,
        onError,
      }),
    );
    act(() => result.current.ask(row));
    let confirmed!: Promise<void> | void;
    act(() => {
      confirmed = result.current.dialog.onConfirm();
    });
    // Not a promise: ConfirmDialog closes without waiting.
    expect(confirmed).toBeUndefined();
    await act(async () => answer.reject(new Error('refused')));
    expect(onError).toHaveBeenCalledWith(new Error('refused'), row);
    expect(result.current.dialog.error).toBeNull();
  });
});
