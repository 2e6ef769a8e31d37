import type { ImageQuota, QuotaErrorResponse } from '@studio/contracts';
import { Button, formatMoment } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import * as styles from './studio.css';

export interface QuotaStatusProps {
  quota: ImageQuota;
  /** A visitor (no account): the rule is said, a visitor's and a free account's allowance. */
  visitor: boolean;
  /** Opens the upgrade (the modal; null where there is none, then the text says /plans). */
  onUpgrade: () => void;
}

/**
 * A quota refusal (429) in the reader's words: what is left when some is, else whose limit is
 * reached (the caller's own, or the one every visitor behind their address shares).
 */
export function useRefusalText(): (refusal: QuotaErrorResponse) => string {
  const { t } = useTranslation('images');
  return (refusal) =>
    refusal.remaining > 0
      ? t('quota.onlyLeft', { count: refusal.remaining })
      : refusal.refusedBy === 'address'
        ? t('quota.addressReached')
        : t('quota.reached', { limit: refusal.limit });
}

/**
 * Today's allowance: used of the limit and when it resets, and for a visitor the rule (theirs and
 * a free account's, as the API says them); at the limit, what to do.
 */
export function QuotaStatus({ quota, visitor, onUpgrade }: QuotaStatusProps) {
  const { t, i18n } = useTranslation('images');
  const resets = formatMoment(quota.resetsAt, i18n.resolvedLanguage ?? i18n.language);
  const rule = visitor ? (
    <p className={styles.muted}>
      {t('quota.visitorRule', {
        visitor: quota.allowances.visitor,
        free: quota.allowances.free,
      })}
    </p>
  ) : null;
  if (quota.remaining > 0) {
    return (
      <div>
        <p className={styles.muted}>
          {t('quota.status', { used: quota.used, limit: quota.limit })}{' '}
          {resets ? t('quota.resets', { time: resets }) : null}
        </p>
        {rule}
      </div>
    );
  }
  return (
    <div className={styles.notice} role="alert">
      <strong>{t('quota.reachedTitle')}</strong>
      <p className={styles.plain}>
        {/* Left at 0 with some of their own: everyone behind the visitor's address used theirs. */}
        {quota.used < quota.limit
          ? t('quota.addressReached')
          : t('quota.reached', { limit: quota.limit })}
      </p>
      {rule}
      {resets ? <p className={styles.muted}>{t('quota.resets', { time: resets })}</p> : null}
      <div className={styles.actions}>
        <Button size="sm" onClick={onUpgrade}>
          {t('quota.upgrade')}
        </Button>
      </div>
    </div>
  );
}
