import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** What the chat shows when the daily quota is used up. */
export interface QuotaState {
  message: string;
  resetsAt?: string;
  upgradeUrl?: string;
}

export interface Quota {
  quota: QuotaState | null;
  /** The quota ran out: shown here, and told to `onQuota` (the page offers more). */
  report: (quota: QuotaState) => void;
  clear: () => void;
}

/** The daily quota, once a reply has said it is used up (until the next turn or a reset). */
export function useQuota(onQuota?: (quota: QuotaState) => void): Quota {
  const [quota, setQuota] = useState<QuotaState | null>(null);
  const onQuotaRef = useRef(onQuota);
  useLayoutEffect(() => {
    onQuotaRef.current = onQuota;
  });
  const report = useCallback((state: QuotaState) => {
    setQuota(state);
    onQuotaRef.current?.(state);
  }, []);
  const clear = useCallback(() => setQuota(null), []);
  return { quota, report, clear };
}
