import { clsx } from 'clsx';
import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from '../TextField/TextField';
import * as styles from './EmailField.css';

export type EmailFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A TextField for e-mail addresses: e-mail keyboard on phones, the browser's saved address offered,
 * no spell-check squiggles or auto-capitals on addresses.
 */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(
  { autoComplete = 'email', inputClassName, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      inputClassName={clsx(styles.input, inputClassName)}
      {...props}
    />
  );
});
