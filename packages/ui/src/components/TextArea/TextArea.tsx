import { clsx } from 'clsx';
import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Field, fieldSizes, type FieldSize } from '../Field/Field';
import * as control from '../Field/control.css';
import type { NativeProps } from '../private/commonProps';
import * as styles from './TextArea.css';

export const textAreaSizes = fieldSizes;
export type TextAreaSize = FieldSize;

/**
 * A native textarea's attributes (forms set them) without `className`/`style`, plus the field's
 * own props (see private/commonProps.ts).
 */
export interface TextAreaProps extends NativeProps<TextareaHTMLAttributes<HTMLTextAreaElement>> {
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
  /**
   * For a box the caller heightens as its text grows (a chat composer): no resize handle, and past
   * 16rem it scrolls.
   */
  growsWithText?: boolean;
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
    growsWithText = false,
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
            className={clsx(control.control, styles.textarea, growsWithText && styles.growing)}
            {...controlProps}
            {...rest}
          />
        </div>
      )}
    </Field>
  );
});
