import { clsx } from 'clsx';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import * as styles from './Button.css';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export const buttonSizes = ['sm', 'md', 'lg'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = (typeof buttonSizes)[number];

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the button's size and blocks clicks; the name gains "Loading…". */
  loading?: boolean;
  /** An icon before the label (decorative: the label names the button). */
  icon?: ReactNode;
  /** An icon after the label. */
  iconEnd?: ReactNode;
  fullWidth?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    icon,
    iconEnd,
    fullWidth = false,
    disabled,
    type = 'button',
    className,
    children,
    onClick,
    ...rest
  },
  ref,
) {
  const { t } = useUiTranslation();
  const content = (
    <>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
      {iconEnd ? (
        <span className={styles.icon} aria-hidden="true">
          {iconEnd}
        </span>
      ) : null}
    </>
  );
  return (
    <button
      ref={ref}
      type={type}
      className={clsx(styles.button({ variant, size, fullWidth }), className)}
      disabled={disabled}
      // A loading button stays focusable (focus is not lost mid-submit) but does nothing.
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? (
        <>
          <span className={styles.hiddenContent}>{content}</span>
          <span className={styles.loadingIndicator} aria-hidden="true" />
          <span className={visuallyHidden}>{t('loading')}</span>
        </>
      ) : (
        content
      )}
    </button>
  );
});
