import { Spinner } from '@studio/ui';
import * as styles from './layout.css';

/**
 * A page that is not there yet: a spinner over a placeholder that holds the screen, so that
 * nothing below it (the footer) is on the first screen only to be pushed off it a moment later.
 */
export function PagePending() {
  return (
    // aria-busy: the page is on its way (the first-screen hand-off also waits for it to go).
    <div className={styles.pending} aria-busy="true">
      <Spinner overlay size="large" />
    </div>
  );
}
