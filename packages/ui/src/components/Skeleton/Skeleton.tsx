import { clsx } from 'clsx';
import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import * as styles from './Skeleton.css';

export const skeletonShapes = ['text', 'rect', 'circle'] as const;
export const skeletonGroupGaps = ['none', 'xs', 'sm', 'md', 'lg', 'xl'] as const;
export type SkeletonShape = (typeof skeletonShapes)[number];
export type SkeletonGroupGap = (typeof skeletonGroupGaps)[number];

/** A CSS length, or a number of pixels. */
export type SkeletonLength = string | number;

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  shape?: SkeletonShape;
  width?: SkeletonLength;
  height?: SkeletonLength;
  /** Text only: how many lines (the last one shorter, like a real paragraph). */
  lines?: number;
}

const toCss = (length: SkeletonLength | undefined) =>
  typeof length === 'number' ? `${length}px` : length;

/**
 * A placeholder in the shape of content that is still loading. Always hidden from assistive
 * technology: wrap placeholders in a SkeletonGroup, which announces the loading once.
 */
export const Skeleton = forwardRef<HTMLSpanElement, SkeletonProps>(function Skeleton(
  { shape = 'text', width, height, lines = 1, className, style, ...rest },
  ref,
) {
  const size: CSSProperties = { width: toCss(width), height: toCss(height) };
  if (shape === 'text' && lines > 1) {
    return (
      <span
        ref={ref}
        aria-hidden="true"
        className={clsx(styles.lines, className)}
        style={{ width: size.width, ...style }}
        {...rest}
      >
        {Array.from({ length: lines }, (_, index) => (
          <span
            key={index}
            className={styles.skeleton({ shape })}
            style={{ height: size.height, width: index === lines - 1 ? '60%' : undefined }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      ref={ref}
      aria-hidden="true"
      className={clsx(styles.skeleton({ shape }), className)}
      style={{ ...size, ...style }}
      {...rest}
    />
  );
});

export interface SkeletonGroupProps extends HTMLAttributes<HTMLDivElement> {
  /** What is loading, for screen readers; the translated "Loading…" by default. */
  label?: string;
  /** Space between the placeholders; `sm` by default. */
  gap?: SkeletonGroupGap;
}

/** Groups placeholders: marks the area busy and announces the loading once, invisibly. */
export const SkeletonGroup = forwardRef<HTMLDivElement, SkeletonGroupProps>(function SkeletonGroup(
  { label, gap = 'sm', className, children, ...rest },
  ref,
) {
  const { t } = useUiTranslation();
  return (
    <div
      ref={ref}
      aria-busy="true"
      className={clsx(styles.group, styles.groupGap[gap], className)}
      {...rest}
    >
      <span role="status" className={visuallyHidden}>
        {label ?? t('loading')}
      </span>
      {children}
    </div>
  );
});
