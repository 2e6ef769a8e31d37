import { clsx } from 'clsx';
import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Field, fieldSizes, type FieldSize } from '../Field/Field';
import * as control from '../Field/control.css';
import * as styles from './TextArea.css';

export const textAreaSizes = fieldSizes;
export type TextAreaSize = FieldSize;

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  /** Keeps the label for assistive technology but hides it on screen. */
  hideLabel?: boolean;
  /** Help text under the label. */
  hint?: ReactNode;
  /** The error shown under the field; also marks the textarea invalid. */
  error?: ReactNode;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  size?: TextAreaSize;
  /** Class of the outer element (label, field and messages). */
  className?: string;
  /** Class of the textarea itself. */
  textAreaClassName?: string;
}

/** A labelled multi-line input (a contact message...) with hint and error; the ref is the textarea. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    hideLabel,
    hint,
    error,
    optional,
    size = 'md',
    className,
    textAreaClassName,
    id,
    required,
    disabled,
    readOnly,
    rows = 4,
    'aria-describedby': describedBy,
    ...rest
  },
  ref,
) {
  return (
    <Field
      id={id}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      optional={optional}
      required={required}
      describedBy={describedBy}
      className={className}
    >
      {(controlProps) => (
        <div
          className={control.wrapper({ size, multiline: true })}
          data-invalid={controlProps['aria-invalid'] ? '' : undefined}
          data-disabled={disabled ? '' : undefined}
          data-readonly={readOnly ? '' : undefined}
        >
          <textarea
            ref={ref}
            rows={rows}
            disabled={disabled}
            readOnly={readOnly}
            className={clsx(control.control, styles.textarea, textAreaClassName)}
            {...controlProps}
            {...rest}
          />
        </div>
      )}
    </Field>
  );
});
