import * as RadixToast from '@radix-ui/react-toast';
import { CircleCheck, CircleX, Info, TriangleAlert } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useUiTranslation } from '../../i18n';
import { CloseButton } from '../Modal/CloseButton';
import * as styles from './Toast.css';

export const toastTones = ['info', 'success', 'warning', 'critical'] as const;
export type ToastTone = (typeof toastTones)[number];

/** §9: toasts close by themselves after 5 s. */
export const TOAST_DURATION_MS = 5000;

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself; `Infinity` keeps it until dismissed. */
  duration?: number;
  /** Reusing an id replaces that toast instead of stacking a new one. */
  id?: string;
}

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

interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

const toneIcons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  critical: CircleX,
} as const;

/** Shows and dismisses toasts from anywhere under a ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside a <ToastProvider>.');
  return api;
}

/**
 * Renders nothing; tells the provider when Radix has unmounted a closed toast (after its exit
 * animation), so the entry can be forgotten without cutting the animation short.
 */
function RemoveWhenUnmounted({ closing, onRemove }: { closing: boolean; onRemove: () => void }) {
  const latest = useRef({ closing, onRemove });
  useEffect(() => {
    latest.current = { closing, onRemove };
  });
  useEffect(() => {
    const state = latest;
    return () => {
      // Only a real close: StrictMode's mount/unmount/mount rehearsal happens while still open.
      if (state.current.closing) state.current.onRemove();
    };
  }, []);
  return null;
}

function ToastItem({
  entry,
  onClose,
  onRemove,
}: {
  entry: ToastEntry;
  onClose: () => void;
  onRemove: () => void;
}) {
  const { t } = useUiTranslation();
  const tone = entry.tone ?? 'info';
  const Icon = toneIcons[tone];
  return (
    <RadixToast.Root
      open={entry.open}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      duration={entry.duration}
      // Critical news interrupts (assertive); the rest waits for a pause (polite).
      type={tone === 'critical' ? 'foreground' : 'background'}
      className={styles.toast({ tone })}
      data-tone={tone}
    >
      <span className={styles.icon({ tone })} aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className={styles.text}>
        <RadixToast.Title className={styles.title}>{entry.title}</RadixToast.Title>
        {entry.description != null ? (
          <RadixToast.Description className={styles.description}>
            {entry.description}
          </RadixToast.Description>
        ) : null}
      </div>
      <RadixToast.Close asChild>
        <CloseButton label={t('toast.dismiss')} />
      </RadixToast.Close>
      <RemoveWhenUnmounted closing={!entry.open} onRemove={onRemove} />
    </RadixToast.Root>
  );
}

/**
 * Wrap the app once. Toasts stack in the top-right corner, close after `duration` (5 s, §9), pause
 * while hovered or focused, can be swiped right, and F8 jumps to them from the keyboard.
 */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: ToastProviderProps) {
  const { t } = useUiTranslation();
  const [entries, setEntries] = useState<ToastEntry[]>([]);
  const counter = useRef(0);

  const toast = useCallback((options: ToastOptions) => {
    counter.current += 1;
    const id = options.id ?? `toast-${counter.current}`;
    setEntries((list) => [
      ...list.filter((entry) => entry.id !== id),
      { ...options, id, open: true },
    ]);
    return id;
  }, []);

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
      <RadixToast.Provider duration={duration} swipeDirection="right" label={t('toast.announce')}>
        {children}
        {entries.map((entry) => (
          <ToastItem
            key={entry.id}
            entry={entry}
            onClose={() => dismiss(entry.id)}
            onRemove={() => remove(entry.id)}
          />
        ))}
        <RadixToast.Viewport className={styles.viewport} label={t('toast.region')} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
