import { clsx } from 'clsx';
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import type { CommonProps } from '../private/commonProps';
import * as styles from './Skeleton.css';

export const skeletonShapes = ['text', 'rect', 'circle'] as const;
export const skeletonGroupGaps = ['none', 'xs', 'sm', 'md', 'lg', 'xl'] as const;
export type SkeletonShape = (typeof skeletonShapes)[number];
export type SkeletonGroupGap = (typeof skeletonGroupGaps)[number];

/** A CSS length, or a number of pixels. */
export type SkeletonLength = string | number;

/** Closed: the placeholder's own props, an id and a test id (see private/commonProps.ts). */
export interface SkeletonProps extends CommonProps {
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
  { shape = 'text', width, height, lines = 1, ...common },
  ref,
) {
  const size: CSSProperties = { width: toCss(width), height: toCss(height) };
  if (shape === 'text' && lines > 1) {
    return (
      <span
        ref={ref}
        aria-hidden="true"
        className={styles.lines}
        style={{ width: size.width }}
        {...common}
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
      className={styles.skeleton({ shape })}
      style={size}
      {...common}
    />
  );
});

/** Closed: the group's own props, an id and a test id (see private/commonProps.ts). */
export interface SkeletonGroupProps extends CommonProps {
  /** What is loading, for screen readers; the translated "Loading…" by default. */
  label?: string;
  /** Space between the placeholders; `sm` by default. */
  gap?: SkeletonGroupGap;
  children?: ReactNode;
}

/** Groups placeholders: marks the area busy and announces the loading once, invisibly. */
export const SkeletonGroup = forwardRef<HTMLDivElement, SkeletonGroupProps>(function SkeletonGroup(
  { label, gap = 'sm', children, ...common },
  ref,
) {
  const { t } = useUiTranslation();
  return (
    <div
      ref={ref}
      aria-busy="true"
      className={clsx(styles.group, styles.groupGap[gap])}
      {...common}
    >
      <span role="status" className={visuallyHidden}>
        {label ?? t('loading')}
      </span>
      {children}
    </div>
  );
});
