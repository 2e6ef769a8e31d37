import { clsx } from 'clsx';
import {
  forwardRef,
  type ButtonHTMLAttributes,
  type ForwardRefExoticComponent,
  type ReactNode,
  type RefAttributes,
} from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import type { NativeProps } from '../private/commonProps';
import * as styles from './Button.css';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export const buttonSizes = ['sm', 'md', 'lg'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = (typeof buttonSizes)[number];

/**
 * A native button's attributes (forms and Radix `asChild` triggers set them) without
 * `className`/`style`: the variant and size are the look (see private/commonProps.ts).
 */
export interface ButtonProps extends NativeProps<ButtonHTMLAttributes<HTMLButtonElement>> {
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

/** Button plus a class of the design system's own: for its compositions (IconButton) only. */
export const ButtonBase = forwardRef<HTMLButtonElement, ButtonProps & { className?: string }>(
  function Button(
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
  },
);

export const Button: ForwardRefExoticComponent<ButtonProps & RefAttributes<HTMLButtonElement>> =
  ButtonBase;
