import { forwardRef, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { ButtonBase, buttonSizes, buttonVariants, type ButtonProps } from '../Button/Button';
import * as styles from './IconButton.css';

export const iconButtonVariants = buttonVariants;
export const iconButtonSizes = buttonSizes;
export type IconButtonVariant = (typeof iconButtonVariants)[number];
export type IconButtonSize = (typeof iconButtonSizes)[number];

export interface IconButtonProps extends Omit<
  ButtonProps,
  'children' | 'icon' | 'iconEnd' | 'fullWidth' | 'aria-label' | 'title'
> {
  /** The button's accessible name, also shown as a tooltip: required, the icon says nothing. */
  label: string;
  /** The icon (decorative). */
  icon: ReactNode;
}

/**
 * A square, icon-only Button named by `label`. Ghost by default, loading like Button; its props are
 * Button's, closed the same way.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', size = 'md', loading = false, ...rest },
  ref,
) {
  const { t } = useUiTranslation();
  return (
    <ButtonBase
      ref={ref}
      variant={variant}
      size={size}
      loading={loading}
      // Like Button, the name says it is busy (aria-label replaces Button's hidden loading text).
      aria-label={loading ? `${label} ${t('loading')}` : label}
      title={label}
      className={styles.iconButton({ size })}
      {...rest}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
    </ButtonBase>
  );
});
