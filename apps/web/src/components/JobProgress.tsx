import * as styles from './jobProgress.css';

export interface JobProgressProps {
  /** 0–100; null while nothing is measured yet (a queued job). */
  percent: number | null;
  /** What the job is doing, in words (its stage, translated). */
  label: string;
}

/**
 * A background job's progress (an export, a tool's generation): its stage in words and a bar, as
 * one progressbar that screen readers announce with its label and value.
 */
export function JobProgress({ percent, label }: JobProgressProps) {
  const value = percent === null ? null : Math.round(Math.max(0, Math.min(100, percent)));
  return (
    <div className={styles.progress}>
      <div className={styles.label} aria-hidden="true">
        <span>{label}</span>
        {value === null ? null : <span className={styles.percent}>{value}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        className={styles.track}
      >
        <div className={styles.fill} style={{ width: `${value ?? 0}%` }} />
      </div>
    </div>
  );
}
