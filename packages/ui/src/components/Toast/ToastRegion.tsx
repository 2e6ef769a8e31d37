import * as RadixToast from '@radix-ui/react-toast';
import { CircleCheck, CircleX, Info, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useUiTranslation } from '../../i18n';
import { CloseButton } from '../Modal/CloseButton';
import type { ToastEntry } from './toastEntry';
import * as styles from './Toast.css';

const toneIcons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  critical: CircleX,
} as const;

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

export interface ToastRegionProps {
  entries: readonly ToastEntry[];
  duration: number;
  onClose: (id: string) => void;
  onRemove: (id: string) => void;
}

/**
 * The Radix part of the toasts: the live region in the top-right corner and the toasts in it.
 * Loaded on the first toast only, so pages that never toast don't pay for it on first load.
 */
export default function ToastRegion({ entries, duration, onClose, onRemove }: ToastRegionProps) {
  const { t } = useUiTranslation();
  return (
    <RadixToast.Provider duration={duration} swipeDirection="right" label={t('toast.announce')}>
      {entries.map((entry) => (
        <ToastItem
          key={entry.id}
          entry={entry}
          onClose={() => onClose(entry.id)}
          onRemove={() => onRemove(entry.id)}
        />
      ))}
      <RadixToast.Viewport className={styles.viewport} label={t('toast.region')} />
    </RadixToast.Provider>
  );
}
