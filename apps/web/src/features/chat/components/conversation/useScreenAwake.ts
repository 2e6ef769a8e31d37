import { useEffect } from 'react';

/**
 * Keeps a phone's screen on while `active` (a call must not go dark mid-sentence), and lets it
 * sleep again after. The lock is lost when the page is hidden, so it is taken again on return.
 * Where the browser has no wake lock, nothing happens.
 */
export function useScreenAwake(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const take = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock
        .request('screen')
        .then((sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        })
        .catch(() => {
          // Refused (battery saver, no permission): the call goes on with the screen's own timer.
        });
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', take);
      void lock?.release();
    };
  }, [active]);
}
