import * as styles from './ContactFormStandIn.css';

/**
 * Marks where the app puts its contact form (a feature of its own, which pages do not import):
 * an outlined, empty form.
 */
export function ContactFormStandIn() {
  return <form aria-label="Contact form" className={styles.standIn} />;
}
