import type { PaymentStatusResponse } from '@studio/contracts';
import { useEffect, useRef } from 'react';
import { queryOptions, setQueryData, useQuery } from '../../../../lib/query';
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

/** The payment as last answered, and how many times it has been asked about since the return. */
interface Answer {
  payment: PaymentStatusResponse;
  polls: number;
}

/** The return's call (capture, callback, cancel or status), under the query string it answers. */
const returnKey = (actionKey: string) => ['payment-return', actionKey];

const paymentReturnQueryOptions = (
  action: Exclude<ReturnAction, { kind: 'missing' }>,
  actionKey: string,
  api: PaymentReturnApi,
) =>
  queryOptions({
    queryKey: returnKey(actionKey),
    queryFn: async (): Promise<Answer> => ({
      payment: await runReturnAction(action, api),
      polls: 0,
    }),
  });

/** No payment named: nothing is asked. */
const noCall = queryOptions<Answer>({
  queryKey: ['payment-return', null],
  queryFn: () => Promise.reject(new Error('No payment to look up.')),
  enabled: false,
});

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
  const returnQuery =
    action.kind === 'missing' ? noCall : paymentReturnQueryOptions(action, actionKey, api);
  const query = useQuery(returnQuery);
  const answer = query.status === 'success' ? query.data : null;
  const maxPolls = Math.max(0, Math.ceil(pollForMs / pollEveryMs));
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  }, [onCompleted]);
  const finished = useRef(new Set<string>());

  // A final answer: once per payment, even when a retry or a second render brings it back.
  useEffect(() => {
    if (!answer) return;
    const { payment } = answer;
    const view = viewOf(payment);
    if (view === 'pending' || finished.current.has(payment.orderId)) return;
    finished.current.add(payment.orderId);
    store.remove(storageKeys.pendingPayment);
    if (view !== 'completed') return;
    resetPaymentAttempts(store);
    onCompletedRef.current?.(payment);
  }, [answer, store]);

  // Pending: ask again after a while; each answer (or a failed poll's last one) is the query's.
  useEffect(() => {
    if (!answer || viewOf(answer.payment) !== 'pending' || answer.polls >= maxPolls) return;
    let active = true;
    const next = (payment: PaymentStatusResponse) => {
      if (!active) return;
      setQueryData<Answer>(returnKey(actionKey), () => ({
        payment,
        polls: answer.polls + 1,
      }));
    };
    const timer = setTimeout(() => {
      api.getPaymentStatus(answer.payment.orderId).then(next, (error: unknown) => {
        // One failed poll is no verdict: keep the last answer and ask again.
        console.warn('Checking the pending payment again failed.', error);
        next(answer.payment);
      });
    }, pollEveryMs);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [answer, api, actionKey, maxPolls, pollEveryMs]);

  let state: ReturnState;
  if (action.kind === 'missing') state = { phase: 'missing' };
  else if (query.status === 'error') {
    state = { phase: 'error', wrapper: failureWrapper(action), error: query.error };
  } else if (answer) {
    const pending = viewOf(answer.payment) === 'pending';
    const waiting = answer.polls >= maxPolls ? 'gaveUp' : 'polling';
    state = { phase: 'answered', payment: answer.payment, waiting: pending ? waiting : null };
  } else state = { phase: 'checking' };
  return { state, retry: query.reload };
}
