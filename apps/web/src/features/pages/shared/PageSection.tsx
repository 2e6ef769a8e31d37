import type { ReactNode } from 'react';
import * as styles from './pages.css';

export interface PageSectionProps {
  /** Also the anchor other pages and the table of contents link to. */
  id: string;
  title: ReactNode;
  /** A line under the title. */
  lead?: ReactNode;
  children: ReactNode;
}

/** A region of a page named by its h2, so it is a landmark screen readers can jump to. */
export function PageSection({ id, title, lead, children }: PageSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {lead ? <p className={styles.muted}>{lead}</p> : null}
      {children}
    </section>
  );
}
