import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../hooks/useAuth';
import * as styles from './authConfigurationAlert.css';

/**
 * §8 start-up: the identity service's settings are unusable. Says so under the header on every
 * page (social sign-in is off; e-mail sign-in still works). Nothing otherwise.
 */
export function AuthConfigurationAlert() {
  const { t } = useTranslation('common');
  const { configurationError } = useAuth();
  if (!configurationError) return null;
  return (
    <div className={styles.alert} role="alert">
      <TriangleAlert size={16} aria-hidden="true" />
      <p className={styles.text}>
        <strong>{t('session.configurationError')}</strong> {t('session.configurationErrorDetail')}
      </p>
    </div>
  );
}
