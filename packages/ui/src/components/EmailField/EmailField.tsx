import { forwardRef } from 'react';
import { TextFieldBase, type TextFieldProps } from '../TextField/TextField';
import * as styles from './EmailField.css';

export type EmailFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A TextField for e-mail addresses: e-mail keyboard on phones, the browser's saved address offered,
 * no spell-check squiggles or auto-capitals on addresses.
 */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(
  { autoComplete = 'email', ...props },
  ref,
) {
  return (
    <TextFieldBase
      ref={ref}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      inputClassName={styles.input}
      {...props}
    />
  );
});
