import type { SignInProgress } from '../authService';

export interface ProgressEmitter {
  current(): SignInProgress;
  set(progress: SignInProgress): void;
  /** Tells the listener the current state at once, then every change; returns the unsubscribe. */
  subscribe(listener: (progress: SignInProgress) => void): () => void;
}

/** §4 sign-in progress: startup until the session is restored, then as the calls come and go. */
export function createProgress(initial: SignInProgress = 'startup'): ProgressEmitter {
  let current = initial;
  const listeners = new Set<(progress: SignInProgress) => void>();
  return {
    current: () => current,
    set(progress) {
      if (progress === current) return;
      current = progress;
      for (const listener of listeners) listener(progress);
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(current);
      return () => void listeners.delete(listener);
    },
  };
}
