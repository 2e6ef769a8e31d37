import * as styles from './bootFallback.css';

/**
 * Shown while the first translations and /config.json load. Purely visual: nothing is known yet
 * about the visitor's language, so it says nothing rather than something in the wrong one.
 */
export function BootFallback() {
  return (
    <div className={styles.fallback} aria-busy="true">
      <span className={styles.ring} />
    </div>
  );
}
