import { clsx } from 'clsx';
import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import * as styles from './Badge.css';

export const badgeTones = ['neutral', 'accent', 'success', 'warning', 'critical'] as const;
export const badgeSizes = ['sm', 'md'] as const;
export type BadgeTone = (typeof badgeTones)[number];
export type BadgeSize = (typeof badgeSizes)[number];

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  size?: BadgeSize;
  /** A decorative icon before the text (the text carries the meaning). */
  icon?: ReactNode;
}

/** A short status or category label. Long text is truncated with an ellipsis. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone = 'neutral', size = 'md', icon, className, children, ...rest },
  ref,
) {
  return (
    <span ref={ref} className={clsx(styles.badge({ tone, size }), className)} {...rest}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.label}>{children}</span>
    </span>
  );
});
