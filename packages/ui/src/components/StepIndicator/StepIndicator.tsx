import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { forwardRef } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import type { CommonProps } from '../private/commonProps';
import * as styles from './StepIndicator.css';

export const stepStatuses = ['completed', 'current', 'upcoming'] as const;
export type StepStatus = (typeof stepStatuses)[number];

export interface Step {
  id: string;
  label: string;
}

/** Closed: the indicator's own props, an id and a test id (see private/commonProps.ts). */
export interface StepIndicatorProps extends CommonProps {
  steps: readonly Step[];
  /** The current step, by index (0-based) or by id. */
  current: number | string;
  /** Shows "Step 2 of 3" above the steps; otherwise it is only read by screen readers. */
  showPosition?: boolean;
}

/** Index of the current step, clamped to the list; an unknown id falls back to the first step. */
export function resolveStepIndex(steps: readonly Step[], current: number | string): number {
  if (steps.length === 0) return 0;
  const index =
    typeof current === 'number' ? current : steps.findIndex((step) => step.id === current);
  return Math.min(Math.max(index, 0), steps.length - 1);
}

export function stepStatus(index: number, currentIndex: number): StepStatus {
  if (index < currentIndex) return 'completed';
  return index === currentIndex ? 'current' : 'upcoming';
}

/** Where the user is in a short, ordered flow (the Pro modal's Auth → Plan → Payment). */
export const StepIndicator = forwardRef<HTMLDivElement, StepIndicatorProps>(function StepIndicator(
  { steps, current, showPosition = false, ...common },
  ref,
) {
  const { t } = useUiTranslation();
  const currentIndex = resolveStepIndex(steps, current);
  return (
    <div ref={ref} className={styles.root} {...common}>
      <p className={showPosition ? styles.position : visuallyHidden}>
        {t('steps.position', { current: currentIndex + 1, total: steps.length })}
      </p>
      <ol className={styles.list} aria-label={t('steps.label')}>
        {steps.map((step, index) => {
          const status = stepStatus(index, currentIndex);
          const isLast = index === steps.length - 1;
          return (
            <li
              key={step.id}
              className={styles.step}
              data-status={status}
              aria-current={status === 'current' ? 'step' : undefined}
            >
              {isLast ? null : (
                <span
                  aria-hidden="true"
                  className={clsx(styles.connector, styles.connectorStatus[status])}
                />
              )}
              <span aria-hidden="true" className={clsx(styles.marker, styles.markerStatus[status])}>
                {status === 'completed' ? <Check size={16} strokeWidth={3} /> : index + 1}
              </span>
              <span className={clsx(styles.label, styles.labelStatus[status])}>
                {step.label}
                {status === 'upcoming' ? null : (
                  <span className={visuallyHidden}>
                    {` (${status === 'completed' ? t('steps.completed') : t('steps.current')})`}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
});
