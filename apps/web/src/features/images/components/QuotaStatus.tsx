import type { ImageQuota } from '@studio/contracts';
import { Button, formatMoment } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import * as styles from './studio.css';

export interface QuotaStatusProps {
  quota: ImageQuota;
  /** The server refused with its own words (a 429): shown instead of the count's. */
  refusal?: string | null;
  /** Opens the upgrade (the modal; null where there is none, then the text says /plans). */
  onUpgrade: () => void;
}

/** Today's allowance: used of the limit and when it resets; at the limit, what to do. */
export function QuotaStatus({ quota, refusal, onUpgrade }: QuotaStatusProps) {
  const { t, i18n } = useTranslation('images');
  const resets = formatMoment(quota.resetsAt, i18n.resolvedLanguage ?? i18n.language);
  const reached = refusal != null || quota.remaining === 0;
  if (!reached) {
    return (
      <p className={styles.muted}>
        {t('quota.status', { used: quota.used, limit: quota.limit })}{' '}
        {resets ? t('quota.resets', { time: resets }) : null}
      </p>
    );
  }
  return (
    <div className={styles.notice} role="alert">
      <strong>{t('quota.reachedTitle')}</strong>
      <p className={styles.plain}>{refusal ?? t('quota.reached', { limit: quota.limit })}</p>
      {resets ? <p className={styles.muted}>{t('quota.resets', { time: resets })}</p> : null}
      <div className={styles.actions}>
        <Button size="sm" onClick={onUpgrade}>
          {t('quota.upgrade')}
        </Button>
      </div>
    </div>
  );
}
