import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ToastEntry, ToastOptions } from './toastEntry';

const ToastRegion = lazy(() => import('./ToastRegion'));

/** §9: toasts close by themselves after 5 s. */
export const TOAST_DURATION_MS = 5000;

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  /** Closes a toast early. */
  dismiss: (id: string) => void;
}

export interface ToastProviderProps {
  children?: ReactNode;
  /** Default time on screen, in ms. */
  duration?: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Whether toasts close by themselves. Stories hold the clock still (a decorator in
 * .storybook/preview.tsx) so a screenshot never races a 5 s close: the toast a story shows is in
 * its snapshot on every machine, however slow. The app never renders this, so its toasts run.
 */
const ToastTimersContext = createContext<'running' | 'held'>('running');

export interface ToastTimersProps {
  children?: ReactNode;
  held: boolean;
}

/** Holds every toast below it on screen until dismissed (stories), or lets them close (default). */
export function ToastTimers({ children, held }: ToastTimersProps) {
  return (
    <ToastTimersContext.Provider value={held ? 'held' : 'running'}>
      {children}
    </ToastTimersContext.Provider>
  );
}

/** Shows and dismisses toasts from anywhere under a ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside a <ToastProvider>.');
  return api;
}

/**
 * Wrap the app once. Toasts stack in the top-right corner, close after `duration` (5 s, §9), pause
 * while hovered or focused, can be swiped right, and F8 jumps to them from the keyboard.
 */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: ToastProviderProps) {
  const timers = useContext(ToastTimersContext);
  const [entries, setEntries] = useState<ToastEntry[]>([]);
  // Once the region has been needed it stays mounted, so exit animations and F8 keep working.
  const [regionNeeded, setRegionNeeded] = useState(false);
  const counter = useRef(0);

  const toast = useCallback(
    (options: ToastOptions) => {
      counter.current += 1;
      const id = options.id ?? `toast-${counter.current}`;
      setRegionNeeded(true);
      setEntries((list) => [
        ...list.filter((entry) => entry.id !== id),
        { ...options, ...(timers === 'held' ? { duration: Infinity } : {}), id, open: true },
      ]);
      return id;
    },
    [timers],
  );

  const dismiss = useCallback((id: string) => {
    setEntries((list) =>
      list.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)),
    );
  }, []);

  const remove = useCallback((id: string) => {
    setEntries((list) => list.filter((entry) => entry.id !== id || entry.open));
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {regionNeeded ? (
        <Suspense fallback={null}>
          <ToastRegion
            entries={entries}
            duration={timers === 'held' ? Infinity : duration}
            onClose={dismiss}
            onRemove={remove}
          />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
