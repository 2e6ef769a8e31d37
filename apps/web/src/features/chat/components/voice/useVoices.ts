import type { VoicesResponse } from '@studio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { getVoices } from './api/getVoices';

export type VoicesState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; voices: VoicesResponse };

/** GET /api/chat/voices once per mount, with a retry. */
export function useVoices() {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; state: VoicesState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getVoices(controller.signal)
      .then((voices) => setResult({ attempt, state: { status: 'ready', voices } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult({ attempt, state: { status: 'error', error } });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: VoicesState = result?.attempt === attempt ? result.state : { status: 'loading' };
  return { state, reload };
}
