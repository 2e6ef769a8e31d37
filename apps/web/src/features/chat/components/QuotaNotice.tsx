import { formatMoment } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import type { QuotaState } from '../hooks/useQuota';
import * as styles from './chat.css';

/** The daily quota is used up: what happened, when it starts again, and how to get more. */
export function QuotaNotice({ quota }: { quota: QuotaState }) {
  const { t, i18n } = useTranslation('chat');
  const resetsText = quota.resetsAt
    ? formatMoment(quota.resetsAt, i18n.resolvedLanguage ?? i18n.language) || null
    : null;
  return (
    <div className={styles.notice} role="alert">
      <strong>{t('quota.title')}</strong>
      <p className={styles.plainText}>{quota.message}</p>
      {resetsText && <p className={styles.muted}>{t('quota.resets', { time: resetsText })}</p>}
      <p className={styles.plainText}>
        {/* Only our own plans page: the upgrade link never follows an address from the server. */}
        <RouterLink to={paths.plans}>{t('quota.upgrade')}</RouterLink>
      </p>
    </div>
  );
}
