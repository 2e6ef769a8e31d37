import { Spinner } from '@studio/ui';
import * as styles from './layout.css';

/**
 * A page that is not there yet: a spinner over a placeholder that holds the screen, so that
 * nothing below it (the footer) is on the first screen only to be pushed off it a moment later.
 */
export function PagePending() {
  return (
    <div className={styles.pending}>
      <Spinner overlay size="large" />
    </div>
  );
}
