import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useUiTranslation } from '../../i18n';
import { Field, fieldSizes, type FieldSize } from '../Field/Field';
import * as control from '../Field/control.css';
import type { NativeProps } from '../private/commonProps';
import * as styles from './Select.css';

export const selectSizes = fieldSizes;
export type SelectSize = FieldSize;

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * A native select's attributes (forms set them) without `className`/`style`, plus the field's own
 * props (see private/commonProps.ts).
 */
export interface SelectProps extends NativeProps<
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'children' | 'multiple'>
> {
  label: ReactNode;
  options: readonly SelectOption[];
  /**
   * The first, empty option. Defaults to the translated "Choose an option"; `false` leaves it out
   * (then the first option is chosen by default).
   */
  placeholder?: string | false;
  /** Keeps the label for assistive technology but hides it on screen. */
  hideLabel?: boolean;
  /** Help text under the label. */
  hint?: ReactNode;
  /** The error shown under the field; also marks the select invalid. */
  error?: ReactNode;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  size?: SelectSize;
}

const chevronSize = { sm: 14, md: 16, lg: 18 } as const;

/** A labelled native select: the platform's own list, keyboard and screen reader support. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  {
    label,
    options,
    placeholder,
    hideLabel,
    hint,
    error,
    optional,
    size = 'md',
    id,
    required,
    disabled,
    value,
    defaultValue,
    'aria-describedby': describedBy,
    ...rest
  },
  ref,
) {
  const { t } = useUiTranslation();
  const placeholderText = placeholder === false ? null : (placeholder ?? t('select.placeholder'));
  // Without an explicit value the browser would select the first enabled option, skipping a
  // disabled placeholder; start on the placeholder instead.
  const initial =
    value === undefined && defaultValue === undefined && placeholderText !== null
      ? ''
      : defaultValue;
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
        >
          <select
            ref={ref}
            disabled={disabled}
            value={value}
            defaultValue={initial}
            className={clsx(control.control, styles.select({ size }))}
            {...controlProps}
            {...rest}
          >
            {placeholderText !== null ? (
              // A required select cannot go back to "nothing chosen".
              <option value="" disabled={required} className={styles.option}>
                {placeholderText}
              </option>
            ) : null}
            {options.map((option) => (
              <option
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className={styles.option}
              >
                {option.label}
              </option>
            ))}
          </select>
          <span className={styles.chevron} aria-hidden="true">
            <ChevronDown size={chevronSize[size]} />
          </span>
        </div>
      )}
    </Field>
  );
});
