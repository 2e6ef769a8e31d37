import type { PaymentStatusResponse } from '@studio/contracts';
import { Spinner } from '@studio/ui';
import { CircleAlert, CircleCheck, Clock, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../../../components/RouterLink';
import { StatusPanel } from '../../../components/StatusPanel';
import { paths } from '../../../lib/paths';
import type { KeyValueStore } from '../../../lib/storage';
import { getPaymentStatus } from '../api/getPaymentStatus';
import { transactionIdFrom } from '../transactionId';

type Lookup =
  { state: 'checking' } | { state: 'notFound' } | (PaymentStatusResponse & { state: 'found' });

export interface PaymentCallbackPageProps {
  store: KeyValueStore;
  /** Looks a payment up; the API's status call by default. */
  lookUp?: (id: string) => Promise<PaymentStatusResponse>;
}

/**
 * /payment/callback, where the providers send the payer back (§7 payment flow): the payment is
 * looked up by its transaction id; one we cannot find (no id, unknown id, or the lookup failed)
 * says so and leads back to Plans & Pricing.
 */
export function PaymentCallbackPage({
  store,
  lookUp = getPaymentStatus,
}: PaymentCallbackPageProps) {
  const { t } = useTranslation('common');
  const [search] = useSearchParams();
  const id = transactionIdFrom(search, store);
  // The answer is kept with the id it answers, so a new id shows "checking" again.
  const [answer, setAnswer] = useState<{ id: string; lookup: Lookup } | null>(null);

  useEffect(() => {
    if (!id) return;
    let active = true;
    lookUp(id)
      .then((payment) => {
        if (active) setAnswer({ id, lookup: { state: 'found', ...payment } });
      })
      .catch((error: unknown) => {
        console.warn('Looking up the payment failed.', error);
        if (active) setAnswer({ id, lookup: { state: 'notFound' } });
      });
    return () => {
      active = false;
    };
  }, [id, lookUp]);

  const lookup: Lookup = !id
    ? { state: 'notFound' }
    : answer?.id === id
      ? answer.lookup
      : { state: 'checking' };

  const toPlans = <RouterLink to={paths.plans}>{t('payment.backToPlans')}</RouterLink>;

  if (lookup.state === 'checking') {
    return <Spinner size="large" text={t('payment.checking')} />;
  }
  if (lookup.state === 'notFound') {
    return (
      <StatusPanel
        role="alert"
        tone="critical"
        icon={<SearchX size={40} />}
        title={t('payment.notFound')}
        description={t('payment.notFoundDescription')}
        actions={toPlans}
      />
    );
  }
  if (lookup.status === 'completed') {
    return (
      <StatusPanel
        role="status"
        tone="success"
        icon={<CircleCheck size={40} />}
        title={t('payment.completed')}
        description={t('payment.completedDescription')}
        actions={<RouterLink to={paths.membership}>{t('payment.toMembership')}</RouterLink>}
      />
    );
  }
  if (lookup.status === 'pending') {
    return (
      <StatusPanel
        role="status"
        tone="info"
        icon={<Clock size={40} />}
        title={t('payment.pending')}
        description={t('payment.pendingDescription')}
        actions={toPlans}
      />
    );
  }
  return (
    <StatusPanel
      role="alert"
      tone="critical"
      icon={<CircleAlert size={40} />}
      title={t('payment.failed')}
      description={t('payment.failedDescription')}
      actions={toPlans}
    />
  );
}
