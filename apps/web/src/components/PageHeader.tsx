import type { ReactNode } from 'react';
import * as styles from './styles.css';

export interface PageHeaderProps {
  title: ReactNode;
  intro?: ReactNode;
}

/** A page's h1 and the sentence under it. */
export function PageHeader({ title, intro }: PageHeaderProps) {
  return (
    <div>
      <h1 className={styles.pageTitle}>{title}</h1>
      {intro ? <p className={styles.pageIntro}>{intro}</p> : null}
    </div>
  );
}
