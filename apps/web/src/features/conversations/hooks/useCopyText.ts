import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyStatus = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard; the status shows for a moment, then goes back to idle. */
export function useCopyText(resetMs = 2000) {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      let next: CopyStatus = 'copied';
      try {
        // Missing outside secure contexts (plain http on a LAN address): say so, don't throw.
        if (!navigator.clipboard) throw new Error('Clipboard unavailable');
        await navigator.clipboard.writeText(text);
      } catch {
        next = 'failed';
      }
      setStatus(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus('idle'), resetMs);
    },
    [resetMs],
  );

  return { status, copy };
}
