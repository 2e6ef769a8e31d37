import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useUiTranslation } from '../../i18n';
import * as styles from './CloseButton.css';

export interface CloseButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Accessible name; defaults to the translated "Close". */
  label?: string;
}

/**
 * The small icon-only close button shared by Modal and Toast. Private: Radix `Close` parts wrap it
 * with `asChild`, so it must forward its ref and spread the props Radix injects.
 */
export const CloseButton = forwardRef<HTMLButtonElement, CloseButtonProps>(function CloseButton(
  { label, className, type = 'button', ...rest },
  ref,
) {
  const { t } = useUiTranslation();
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label ?? t('close')}
      className={clsx(styles.closeButton, className)}
      {...rest}
    >
      <X size={16} aria-hidden="true" />
    </button>
  );
});
