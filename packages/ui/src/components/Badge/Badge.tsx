import { forwardRef, type ReactNode } from 'react';
import type { CommonProps } from '../private/commonProps';
import * as styles from './Badge.css';

export const badgeTones = ['neutral', 'accent', 'success', 'warning', 'critical'] as const;
export const badgeSizes = ['sm', 'md'] as const;
export type BadgeTone = (typeof badgeTones)[number];
export type BadgeSize = (typeof badgeSizes)[number];

/** Closed: the badge's own props, an id and a test id (see private/commonProps.ts). */
export interface BadgeProps extends CommonProps {
  tone?: BadgeTone;
  size?: BadgeSize;
  /** A decorative icon before the text (the text carries the meaning). */
  icon?: ReactNode;
  children?: ReactNode;
  /** The full text as a tooltip, when the label may be truncated. */
  title?: string;
}

/** A short status or category label. Long text is truncated with an ellipsis. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone = 'neutral', size = 'md', icon, children, ...common },
  ref,
) {
  return (
    <span ref={ref} className={styles.badge({ tone, size })} {...common}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.label}>{children}</span>
    </span>
  );
});
