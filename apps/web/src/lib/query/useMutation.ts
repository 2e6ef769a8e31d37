import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { invalidateQueries, type QueryKey } from './queryCache';

/** A change to the server's data, and what it changes in the cache once it has succeeded. */
export interface MutationOptions<Input, Output> {
  /** Makes the change; the signal aborts when the component that asked for it unmounts. */
  mutationFn: (input: Input, signal: AbortSignal) => Promise<Output>;
  /**
   * Updates the cached queries it affects with what the change answered (setQueryData), so what
   * shows them learns of it without reading them again.
   */
  onSuccess?: (output: Output, input: Input) => void;
  /** The keys (prefixes, as invalidateQueries takes them) of the cached queries to read again. */
  invalidates?: readonly QueryKey[];
}

export type MutationState<Input, Output> =
  | { status: 'idle' }
  /** `input`: what the change in flight is about (which row's button spins). */
  | { status: 'pending'; input: Input }
  | { status: 'error'; input: Input; error: unknown }
  | { status: 'success'; input: Input; data: Output };

/** What the component does with a run's answer (a toast, the focus moved): skipped once it is gone. */
export interface RunFollowUp<Output> {
  onSuccess?: (output: Output) => void;
  onError?: (error: unknown) => void;
}

export type Mutation<Input, Output> = MutationState<Input, Output> & {
  /**
   * Makes the change. Resolves with its answer once the cache has been updated; rejects with its
   * failure, which `error` shows too.
   */
  run: (input: Input, followUp?: RunFollowUp<Output>) => Promise<Output>;
  /** Back to idle: forgets the last failure (a dialog opened afresh). */
  reset: () => void;
};

/** Types a mutation's call and its cache updates together, for the endpoint's owner file. */
export function mutationOptions<Input, Output>(
  options: MutationOptions<Input, Output>,
): MutationOptions<Input, Output> {
  return options;
}

const idle = { status: 'idle' } as const;

/**
 * A change's pending and error state (TanStack Query's useMutation, in small): `run` it, and
 * on success the cached queries it affects are updated or read again. The state shows the
 * latest run; a component that unmounts aborts what it left running and hears no more of it:
 * neither its state nor its follow-ups (the cache is still updated when the change went through).
 */
export function useMutation<Input, Output>(
  options: MutationOptions<Input, Output>,
): Mutation<Input, Output> {
  const [state, setState] = useState<MutationState<Input, Output>>(idle);
  // Callers pass new closures each render: a run uses those of the render it was asked from.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const runs = useRef(0);
  const inFlight = useRef(new Set<AbortController>());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    const controllers = inFlight.current;
    return () => {
      mounted.current = false;
      for (const controller of controllers) controller.abort();
      controllers.clear();
    };
  }, []);

  const run = useCallback(async (input: Input, followUp: RunFollowUp<Output> = {}) => {
    const { mutationFn, onSuccess, invalidates = [] } = latest.current;
    const id = ++runs.current;
    const controller = new AbortController();
    inFlight.current.add(controller);
    // Only the latest run speaks for the component, and only while it is mounted.
    const show = (next: MutationState<Input, Output>) => {
      if (mounted.current && runs.current === id) setState(next);
    };
    show({ status: 'pending', input });
    let data: Output;
    try {
      data = await mutationFn(input, controller.signal);
    } catch (error) {
      show({ status: 'error', input, error });
      if (mounted.current) followUp.onError?.(error);
      throw error;
    } finally {
      inFlight.current.delete(controller);
    }
    onSuccess?.(data, input);
    for (const key of invalidates) invalidateQueries(key);
    show({ status: 'success', input, data });
    if (mounted.current) followUp.onSuccess?.(data);
    return data;
  }, []);

  const reset = useCallback(() => {
    runs.current += 1;
    setState(idle);
  }, []);

  return { ...state, run, reset };
}
