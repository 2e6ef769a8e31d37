import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { Button } from '../Button';
import { Modal } from '../Modal';
import * as styles from './ConfirmDialog.css';

export const confirmDialogTones = ['default', 'danger'] as const;
export type ConfirmDialogTone = (typeof confirmDialogTones)[number];

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  /** Defaults to the translated "Cancel". */
  cancelLabel?: ReactNode;
  /** `danger` paints the confirm button as destructive and puts initial focus on Cancel. */
  tone?: ConfirmDialogTone;
  /**
   * Runs on confirm. If it returns a promise the confirm button shows a spinner until it settles:
   * resolved closes the dialog, rejected keeps it open (show what went wrong through `error`).
   */
  onConfirm: () => unknown;
  /** A message shown in the dialog, announced as an alert (e.g. why the last confirm failed). */
  error?: ReactNode;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | undefined)?.then === 'function';
}

/** A yes/no question in a modal (role alertdialog), for actions that deserve a second thought. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  onConfirm,
  error,
  children,
}: ConfirmDialogProps) {
  const { t } = useUiTranslation();
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const handleConfirm = async () => {
    if (pending) return;
    const result = onConfirm();
    if (!isPromise(result)) {
      onOpenChange(false);
      return;
    }
    setPending(true);
    try {
      await result;
      if (mounted.current) onOpenChange(false);
    } catch {
      // Deliberately swallowed: the caller owns the failure (it rejected) and reports it through
      // `error`; the dialog only has to stay open so the user can retry or cancel.
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  return (
    <Modal.Root
      open={open}
      onOpenChange={(next) => {
        // While the action runs the outcome decides whether the dialog closes, not Escape.
        if (!pending) onOpenChange(next);
      }}
    >
      <Modal.Content
        role="alertdialog"
        size="sm"
        title={title}
        description={description}
        hideCloseButton
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          // Destructive: the safe choice is under the finger. Otherwise: the expected one.
          (tone === 'danger' ? cancelRef : confirmRef).current?.focus();
        }}
      >
        {children != null || error != null ? (
          <Modal.Body>
            {children}
            {error != null ? (
              <p role="alert" className={styles.error}>
                <CircleAlert size={16} aria-hidden="true" className={styles.errorIcon} />
                <span>{error}</span>
              </p>
            ) : null}
          </Modal.Body>
        ) : null}
        <Modal.Footer>
          <Button
            ref={cancelRef}
            variant="secondary"
            disabled={pending}
            onClick={() => onOpenChange(false)}
          >
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button
            ref={confirmRef}
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={pending}
            onClick={() => void handleConfirm()}
          >
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
}
