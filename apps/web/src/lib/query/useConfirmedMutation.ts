import { useCallback, useState, type ReactNode } from 'react';
import { useMutation, type MutationOptions } from './useMutation';

interface ConfirmedMutationBase<Target, Output> {
  /** The change the dialog asks about, made on what it asks about. */
  mutation: MutationOptions<Target, Output>;
  /** The change went through and the dialog is closing: say so, move the focus. */
  onSuccess?: (output: Output, target: Target) => void;
}

export type ConfirmedMutationOptions<Target, Output> = ConfirmedMutationBase<Target, Output> &
  (
    | {
        /** The dialog shows the change pending, and stays open when it fails. */
        waitForAnswer?: true;
        /** What the dialog says when the change failed (to try again or cancel). */
        errorText: (error: unknown) => ReactNode;
      }
    | {
        /**
         * The dialog closes at once and the change shows before the answer (an optimistic
         * change, which the mutation undoes itself when refused).
         */
        waitForAnswer: false;
        /** The change was refused: the dialog is gone, so say it elsewhere (a toast). */
        onError: (error: unknown, target: Target) => void;
      }
  );

/** What @studio/ui's ConfirmDialog takes of it: spread as `<ConfirmDialog {...dialog} />`. */
export interface ConfirmDialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog shows its confirm button pending while the promise runs; closes when it resolves. */
  onConfirm: () => Promise<void> | void;
  error: ReactNode;
}

export interface ConfirmedMutation<Target> {
  /** What the dialog asks about (a row, a link, a session); null while it is closed. */
  target: Target | null;
  /** Opens the dialog about `target`, without the last attempt's error. */
  ask: (target: Target) => void;
  dialog: ConfirmDialogState;
}

/**
 * The "are you sure?" flow of a delete, a revoke or a sign-out: ask about something, make the
 * change when confirmed while the dialog shows it pending, show a failure in the dialog (which
 * stays open to try again or cancel), close it and update the lists on success. The dialog is
 * @studio/ui's ConfirmDialog, given `dialog` and its own title, description and labels.
 */
export function useConfirmedMutation<Target, Output>(
  options: ConfirmedMutationOptions<Target, Output>,
): ConfirmedMutation<Target> {
  const mutation = useMutation(options.mutation);
  // Boxed: whatever a target may be (0, an empty string), null only ever means closed.
  const [asked, setAsked] = useState<{ target: Target } | null>(null);
  const { reset } = mutation;

  const ask = useCallback(
    (target: Target) => {
      reset();
      setAsked({ target });
    },
    [reset],
  );

  const onConfirm = () => {
    if (!asked) return;
    const { target } = asked;
    const running = mutation.run(target, {
      onSuccess: (output) => options.onSuccess?.(output, target),
      onError: (error) => {
        if (options.waitForAnswer === false) options.onError(error, target);
      },
    });
    if (options.waitForAnswer !== false) return running.then(() => undefined);
    // Closes now: a failure has gone to onError.
    running.catch(() => undefined);
  };

  let error: ReactNode = null;
  if (options.waitForAnswer !== false && mutation.status === 'error') {
    error = options.errorText(mutation.error);
  }

  return {
    target: asked ? asked.target : null,
    ask,
    dialog: {
      open: asked !== null,
      onOpenChange: (open) => {
        if (!open) setAsked(null);
      },
      onConfirm,
      error,
    },
  };
}
