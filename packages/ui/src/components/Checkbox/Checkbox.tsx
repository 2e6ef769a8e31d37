import { Check } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError, FieldHint, useField } from '../Field/Field';
import type { NativeProps } from '../private/commonProps';
import * as styles from './Checkbox.css';

/**
 * A native checkbox's attributes (forms set them) without `className`/`style`, plus its label and
 * messages (see private/commonProps.ts).
 */
export interface CheckboxProps extends NativeProps<
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'>
> {
  /** The label, beside the box; may contain a link (to the terms...). */
  children: ReactNode;
  /** Help text under the label. */
  hint?: ReactNode;
  /** The error shown under the checkbox; also marks it invalid. */
  error?: ReactNode;
}

/** A native checkbox drawn in the theme: Space toggles it, the label toggles it, forms read it. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { children, hint, error, id, required, 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const { controlProps, hintId, errorId } = useField({ id, hint, error, required, describedBy });
  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <span className={styles.control}>
          <input ref={ref} type="checkbox" className={styles.input} {...controlProps} {...rest} />
          <span className={styles.box} aria-hidden="true">
            <span className={styles.check}>
              <Check size={14} strokeWidth={3} />
            </span>
          </span>
        </span>
        <label htmlFor={controlProps.id} className={styles.label}>
          {children}
        </label>
      </div>
      <div className={styles.messages}>
        <FieldHint id={hintId} className={styles.hint}>
          {hint}
        </FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </div>
  );
});
