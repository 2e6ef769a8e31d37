import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import * as styles from './sandboxBanner.css';

/** Says so when /config.json reports the sandbox stands in for the outside services. */
export function SandboxBanner() {
  const { t } = useTranslation('common');
  return (
    <aside className={styles.banner} aria-label={t('sandbox.title')}>
      <FlaskConical size={16} aria-hidden="true" />
      <p className={styles.text}>
        <strong>{t('sandbox.title')}.</strong> {t('sandbox.message')}
      </p>
    </aside>
  );
}
