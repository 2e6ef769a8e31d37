import type { ReactNode } from 'react';
import * as styles from './pages.css';

export interface PageHeaderProps {
  title: ReactNode;
  /** A short label above the title. */
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** Links or buttons under the lead. */
  children?: ReactNode;
}

/** The page's one h1, with its introduction. */
export function PageHeader({ title, eyebrow, lead, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </header>
  );
}
