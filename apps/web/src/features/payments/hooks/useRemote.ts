import { useCallback, useEffect, useState } from 'react';

export type RemoteState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/**
 * One GET on mount (and again on reload): the small loader the payment views share. An unmounted
 * or superseded request is aborted and its answer ignored.
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>): {
  state: RemoteState<T>;
  reload: () => void;
} {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      });
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, reload };
}
