import { ChevronDown, FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './sandboxBanner.css';

/**
 * Says so when /config.json reports the sandbox stands in for the outside services. On a phone
 * it is one line (the rest cut with an ellipsis, still read whole by screen readers) with a
 * button that unfolds it, so it does not push the page down; wider screens show it whole.
 */
export function SandboxBanner() {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  return (
    <aside className={styles.banner} aria-label={t('sandbox.title')}>
      <FlaskConical size={16} aria-hidden="true" className={styles.icon} />
      <p id={textId} className={styles.text} data-expanded={expanded}>
        <strong>{t('sandbox.title')}.</strong> {t('sandbox.message')}
      </p>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={textId}
        aria-label={t('sandbox.expand')}
        title={t('sandbox.expand')}
        onClick={() => setExpanded((value) => !value)}
      >
        <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
      </button>
    </aside>
  );
}
