import type { PaymentStatusResponse } from '@studio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { storageKeys, type KeyValueStore } from '../../../../lib/storage';
import { resetPaymentAttempts } from '../../checkout/attempts';
import {
  failureWrapper,
  runReturnAction,
  viewOf,
  type PaymentReturnApi,
  type ReturnAction,
} from '../../billing/paymentReturn';

export type ReturnState =
  | { phase: 'missing' }
  | { phase: 'checking' }
  | { phase: 'error'; wrapper: 'callback' | 'status'; error: unknown }
  | {
      phase: 'answered';
      payment: PaymentStatusResponse;
      /** While pending: still asking (`polling`) or stopped asking (`gaveUp`). */
      waiting: 'polling' | 'gaveUp' | null;
    };

export interface PaymentReturnOptions {
  action: ReturnAction;
  /** Identifies the action (the query string): a new one starts over. */
  actionKey: string;
  api: PaymentReturnApi;
  store: KeyValueStore;
  onCompleted?: ((payment: PaymentStatusResponse) => void) | undefined;
  pollEveryMs: number;
  pollForMs: number;
}

/**
 * Runs the return's call once, then, while the provider has not confirmed, asks for the status
 * every `pollEveryMs` until `pollForMs` have gone by. A final answer clears the stored pending
 * payment; a completed one also restarts the attempt counter and tells `onCompleted`.
 */
export function usePaymentReturn({
  action,
  actionKey,
  api,
  store,
  onCompleted,
  pollEveryMs,
  pollForMs,
}: PaymentReturnOptions): { state: ReturnState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const runKey = `${actionKey}#${attempt}`;
  // Each answer is kept with the run it answers, so a new run shows "checking" at once.
  const [result, setResult] = useState<{ key: string; state: ReturnState } | null>(null);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  }, [onCompleted]);
  const finished = useRef(new Set<string>());

  useEffect(() => {
    if (action.kind === 'missing') return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const maxPolls = Math.max(0, Math.ceil(pollForMs / pollEveryMs));
    const show = (state: ReturnState) => {
      if (active) setResult({ key: runKey, state });
    };

    const finish = (payment: PaymentStatusResponse, completed: boolean) => {
      // Once per payment, even when a retry or a second render brings the same answer back.
      if (finished.current.has(payment.orderId)) return;
      finished.current.add(payment.orderId);
      store.remove(storageKeys.pendingPayment);
      if (!completed) return;
      resetPaymentAttempts(store);
      onCompletedRef.current?.(payment);
    };

    const settle = (payment: PaymentStatusResponse, polls: number) => {
      if (!active) return;
      const view = viewOf(payment);
      if (view !== 'pending') {
        show({ phase: 'answered', payment, waiting: null });
        finish(payment, view === 'completed');
        return;
      }
      if (polls >= maxPolls) {
        show({ phase: 'answered', payment, waiting: 'gaveUp' });
        return;
      }
      show({ phase: 'answered', payment, waiting: 'polling' });
      timer = setTimeout(() => {
        api.getPaymentStatus(payment.orderId).then(
          (next) => settle(next, polls + 1),
          (error: unknown) => {
            // One failed poll is no verdict: keep the last answer and ask again.
            console.warn('Checking the pending payment again failed.', error);
            settle(payment, polls + 1);
          },
        );
      }, pollEveryMs);
    };

    runReturnAction(action, api).then(
      (payment) => settle(payment, 0),
      (error: unknown) => show({ phase: 'error', wrapper: failureWrapper(action), error }),
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [action, api, store, pollEveryMs, pollForMs, runKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: ReturnState =
    action.kind === 'missing'
      ? { phase: 'missing' }
      : result?.key === runKey
        ? result.state
        : { phase: 'checking' };
  return { state, retry };
}
