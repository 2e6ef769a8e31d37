import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useUiTranslation } from '../../i18n';
import { useMergedRefs } from '../Field/useMergedRefs';
import { TextField, type TextFieldProps } from '../TextField/TextField';
import * as styles from './PasswordField.css';

export const passwordAutoCompletes = ['current-password', 'new-password'] as const;
export type PasswordAutoComplete = (typeof passwordAutoCompletes)[number];

export interface PasswordFieldProps extends Omit<
  TextFieldProps,
  'type' | 'endAdornment' | 'autoComplete'
> {
  /** `current-password` to sign in, `new-password` to register or change it. */
  autoComplete?: PasswordAutoComplete;
  /** Shows the password as text on first render. */
  defaultVisible?: boolean;
  /** Called when the show/hide button changes the visibility. */
  onVisibleChange?: (visible: boolean) => void;
}

const iconSize = { sm: 14, md: 16, lg: 18 } as const;

/**
 * A password input with a show/hide button inside the field. Clicking the button leaves focus
 * (and the caret) in the input so typing can go on; from the keyboard, focus stays on the button.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(
    {
      autoComplete = 'current-password',
      defaultVisible = false,
      onVisibleChange,
      id,
      size = 'md',
      disabled,
      ...props
    },
    ref,
  ) {
    const { t } = useUiTranslation();
    const [visible, setVisible] = useState(defaultVisible);
    const inputRef = useRef<HTMLInputElement>(null);
    const mergedRef = useMergedRefs(ref, inputRef);
    const generatedId = useId();
    const inputId = id ?? `password-${generatedId}`;
    // Switching the input's type resets the caret in some browsers; put it back where it was.
    const pendingSelection = useRef<[number, number] | null>(null);

    useLayoutEffect(() => {
      const input = inputRef.current;
      const selection = pendingSelection.current;
      pendingSelection.current = null;
      if (input && selection) {
        input.focus();
        input.setSelectionRange(selection[0], selection[1]);
      }
    }, [visible]);

    const toggle = (event: MouseEvent<HTMLButtonElement>) => {
      const input = inputRef.current;
      // detail is 0 for a keyboard activation (Enter/Space): then focus stays on the button.
      if (input && event.detail > 0) {
        const end = input.value.length;
        pendingSelection.current = [input.selectionStart ?? end, input.selectionEnd ?? end];
      }
      const next = !visible;
      setVisible(next);
      onVisibleChange?.(next);
    };

    return (
      <TextField
        ref={mergedRef}
        id={inputId}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        size={size}
        disabled={disabled}
        endAdornment={
          <button
            type="button"
            className={styles.toggle({ size })}
            // The name says what the button will do; it changes with the state, so no aria-pressed
            // (a toggle whose name also flips would announce a double negative).
            aria-label={visible ? t('password.hide') : t('password.show')}
            title={visible ? t('password.hide') : t('password.show')}
            aria-controls={inputId}
            disabled={disabled}
            // Keeps focus in the input when the button is clicked with a pointer.
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggle}
          >
            {visible ? (
              <EyeOff size={iconSize[size]} aria-hidden="true" />
            ) : (
              <Eye size={iconSize[size]} aria-hidden="true" />
            )}
          </button>
        }
        {...props}
      />
    );
  },
);
