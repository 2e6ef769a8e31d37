import { clsx } from 'clsx';
import {
  forwardRef,
  type ForwardRefExoticComponent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefAttributes,
} from 'react';
import { Field, fieldSizes, type FieldSize } from '../Field/Field';
import * as control from '../Field/control.css';
import type { NativeProps } from '../private/commonProps';
import * as styles from './TextField.css';

export const textFieldSizes = fieldSizes;
export type TextFieldSize = FieldSize;

/**
 * A native input's attributes (forms set them) without `className`/`style`, plus the field's own
 * props (see private/commonProps.ts).
 */
export interface TextFieldProps extends NativeProps<
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>
> {
  label: ReactNode;
  /** Keeps the label for assistive technology but hides it on screen. */
  hideLabel?: boolean;
  /** Help text under the label. */
  hint?: ReactNode;
  /** The error shown under the field; also marks the input invalid. */
  error?: ReactNode;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  size?: TextFieldSize;
  /** A decorative icon at the start of the field. */
  icon?: ReactNode;
  /** Interactive content at the end of the field (a show/hide button...). */
  endAdornment?: ReactNode;
}

/** TextField plus a class on the input: for the design system's own fields (EmailField) only. */
export const TextFieldBase = forwardRef<
  HTMLInputElement,
  TextFieldProps & { inputClassName?: string }
>(function TextField(
  {
    label,
    hideLabel,
    hint,
    error,
    optional,
    size = 'md',
    icon,
    endAdornment,
    inputClassName,
    id,
    required,
    disabled,
    readOnly,
    type = 'text',
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
          className={control.wrapper({ size })}
          data-invalid={controlProps['aria-invalid'] ? '' : undefined}
          data-disabled={disabled ? '' : undefined}
          data-readonly={readOnly ? '' : undefined}
        >
          {icon ? (
            <span className={control.leadingIcon} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <input
            ref={ref}
            type={type}
            disabled={disabled}
            readOnly={readOnly}
            className={clsx(control.control, styles.input, inputClassName)}
            {...controlProps}
            {...rest}
          />
          {endAdornment ? <span className={control.endAdornment}>{endAdornment}</span> : null}
        </div>
      )}
    </Field>
  );
});

/** A labelled single-line input with hint and error; the ref is the input. */
export const TextField: ForwardRefExoticComponent<
  TextFieldProps & RefAttributes<HTMLInputElement>
> = TextFieldBase;
