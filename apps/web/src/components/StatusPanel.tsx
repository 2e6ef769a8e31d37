import type { ReactNode } from 'react';
import * as styles from './statusPanel.css';

export interface StatusPanelProps {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Links or buttons: what the person can do next. */
  actions?: ReactNode;
  tone?: keyof typeof styles.icon;
  /** 1 when the panel is the whole page. */
  headingLevel?: 1 | 2;
  /** `alert` announces a failure as it appears. */
  role?: 'alert' | 'status';
}

/** A page-state message (not found, failed, done): icon, heading, text and next steps. */
export function StatusPanel({
  icon,
  title,
  description,
  actions,
  tone = 'neutral',
  headingLevel = 1,
  role,
}: StatusPanelProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.panel} role={role}>
      <span className={styles.icon[tone]} aria-hidden="true">
        {icon}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
