import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import * as styles from './Field.css';

export const fieldSizes = ['sm', 'md', 'lg'] as const;
export type FieldSize = (typeof fieldSizes)[number];

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
}

export interface UseFieldOptions {
  /** The control's id; generated when omitted. */
  id?: string | undefined;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean | undefined;
  /** Other ids the control is described by (kept, after the hint and the error). */
  describedBy?: string | undefined;
}

export interface UseFieldResult {
  controlProps: FieldControlProps;
  hintId: string;
  errorId: string;
  hasError: boolean;
}

function isPresent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

/** Ids and ARIA wiring shared by every field, for components that lay their parts out themselves. */
export function useField({
  id,
  hint,
  error,
  required,
  describedBy,
}: UseFieldOptions): UseFieldResult {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = isPresent(error);
  const ids = [isPresent(hint) ? hintId : null, hasError ? errorId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return {
    controlProps: {
      id: controlId,
      'aria-describedby': ids || undefined,
      'aria-invalid': hasError || undefined,
      required: required || undefined,
    },
    hintId,
    errorId,
    hasError,
  };
}

export interface FieldHintProps {
  id: string;
  children?: ReactNode;
  className?: string | undefined;
}

/** Help text under the label, read as the control's description. */
export function FieldHint({ id, children, className }: FieldHintProps) {
  if (!isPresent(children)) return null;
  return (
    <p id={id} className={clsx(styles.hint, className)}>
      {children}
    </p>
  );
}

export interface FieldErrorProps {
  id: string;
  children?: ReactNode;
}

/**
 * The error under a control. The polite live region is always rendered so a message that appears
 * after a blur or a submit is announced; the control references it only while it has a message.
 */
export function FieldError({ id, children }: FieldErrorProps) {
  return (
    // Never display:none: an empty region has no height, and stays in the accessibility tree.
    <div id={id} aria-live="polite">
      {isPresent(children) ? (
        <p className={styles.error}>
          <span className={styles.errorIcon} aria-hidden="true">
            <CircleAlert size={14} />
          </span>
          <span>{children}</span>
        </p>
      ) : null}
    </div>
  );
}

export interface FieldLabelProps {
  htmlFor: string;
  children: ReactNode;
  required?: boolean | undefined;
  optional?: boolean | undefined;
  hidden?: boolean | undefined;
  className?: string | undefined;
}

/**
 * A label with "(optional)" (part of the name), or the required star: decorative (the control
 * itself is `required`) and outside the label so the label's text stays just the label.
 */
export function FieldLabel({
  htmlFor,
  children,
  required,
  optional,
  hidden,
  className,
}: FieldLabelProps) {
  const { t } = useUiTranslation();
  return (
    <div className={clsx(hidden ? visuallyHidden : styles.labelRow, className)}>
      <label htmlFor={htmlFor} className={styles.label}>
        {children}
        {optional && !required ? (
          // The space keeps the words apart in the accessible name (flex layout drops it visually).
          <>
            {' '}
            <span className={styles.optionalMark}>({t('optional')})</span>
          </>
        ) : null}
      </label>
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

export interface FieldProps extends UseFieldOptions {
  label: ReactNode;
  /** Keeps the label for assistive technology but hides it on screen (e.g. a search box). */
  hideLabel?: boolean | undefined;
  /** Adds "(optional)" after the label. */
  optional?: boolean | undefined;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The chrome around one form control: label, hint under the label, the control, then the error
 * under it. The control receives its id, aria-describedby, aria-invalid and required.
 */
export function Field({
  label,
  hideLabel,
  optional,
  children,
  hint,
  error,
  ...options
}: FieldProps) {
  const { controlProps, hintId, errorId } = useField({ hint, error, ...options });
  return (
    <div className={styles.field}>
      <FieldLabel
        htmlFor={controlProps.id}
        required={options.required}
        optional={optional}
        hidden={hideLabel}
      >
        {label}
      </FieldLabel>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {children(controlProps)}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
