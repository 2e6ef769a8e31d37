import {
  describePlanType,
  type PaymentReason,
  type PaymentStatusResponse,
} from '@studio/contracts';
import { Button, Link, Spinner } from '@studio/ui';
import { CircleAlert, CircleCheck, CircleSlash, Clock, SearchX } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../../../../components/RouterLink';
import { StatusPanel } from '../../../../components/StatusPanel';
import { page } from '../../../../components/styles.css';
import { describeError } from '../../../../lib/api/errorText';
import { paths } from '../../../../lib/paths';
import type { KeyValueStore } from '../../../../lib/storage';
import {
  cancelPaypalPayment,
  capturePaypalPayment,
  postVnpayCallback,
} from '../../api/completePayment';
import { getPaymentStatus } from '../../api/getPaymentStatus';
import { formatPaid, formatUntil, itemName } from '../../billing/describePayment';
import { returnActionFrom, viewOf, type PaymentReturnApi } from '../../billing/paymentReturn';
import type { CheckoutChoice } from '../../checkout/checkout';
import * as details from '../paymentDetails.css';
import * as styles from './paymentCallbackPage.css';
import { usePaymentReturn } from './usePaymentReturn';

const apiCalls: PaymentReturnApi = {
  postVnpayCallback,
  capturePaypalPayment,
  cancelPaypalPayment,
  getPaymentStatus: (id) => getPaymentStatus(id),
};

export interface PaymentCallbackPageProps {
  store: KeyValueStore;
  /** The payment calls; the API's by default. */
  api?: PaymentReturnApi;
  /** A payment completed: the route reloads the profile so the new tier shows everywhere. */
  onCompleted?: (payment: PaymentStatusResponse) => void;
  /** Opens the Pro modal with the same choice; without it, 'Try again' leads to /plans. */
  onTryAgain?: (choice: CheckoutChoice) => void;
  /** How often a pending payment is asked about again, and for how long (§7: ~2 minutes). */
  pollEveryMs?: number;
  pollForMs?: number;
}

/**
 * What happened to the money, by why the payment failed: for most reasons none was taken, but a
 * refunded or reversed payment was taken and goes back, and a payment of the wrong amount was
 * taken and needs a person to sort out.
 */
function moneyNote(reason: PaymentReason | null) {
  if (reason === 'refunded' || reason === 'reversed') return 'callback.failed.moneyReturned';
  if (reason === 'amount_mismatch') return 'callback.failed.moneyCheck';
  return 'callback.failed.description';
}

/**
 * /payment/callback, where the providers send the payer back (§7 payment flow): VNPay's return
 * goes to the callback endpoint, PayPal's to capture (or cancel), anything else to the status
 * endpoint. Then what happened and what to do next; a pending payment is watched for a while.
 */
export function PaymentCallbackPage({
  store,
  api = apiCalls,
  onCompleted,
  onTryAgain,
  pollEveryMs = 3000,
  pollForMs = 120_000,
}: PaymentCallbackPageProps) {
  const { t, i18n } = useTranslation('billing');
  const [search] = useSearchParams();
  const actionKey = search.toString();
  // Decided once per query string: the stored pending id is only the fallback for a bare URL.
  const action = useMemo(
    () => returnActionFrom(new URLSearchParams(actionKey), store),
    [actionKey, store],
  );
  const { state, retry } = usePaymentReturn({
    action,
    actionKey,
    api,
    store,
    onCompleted,
    pollEveryMs,
    pollForMs,
  });

  const toPlans = <RouterLink to={paths.plans}>{t('callback.backToPlans')}</RouterLink>;

  if (state.phase === 'checking') {
    return (
      <div className={page}>
        <Spinner size="large" text={t('callback.checking')} />
      </div>
    );
  }
  if (state.phase === 'missing') {
    return (
      <div className={page}>
        <StatusPanel
          role="alert"
          tone="critical"
          icon={<SearchX size={40} />}
          title={t('callback.missing.title')}
          description={t('callback.missing.description')}
          actions={toPlans}
        />
      </div>
    );
  }
  if (state.phase === 'error') {
    const described = describeError(state.error);
    return (
      <div className={page}>
        <StatusPanel
          role="alert"
          tone="critical"
          icon={<CircleAlert size={40} />}
          title={t(`callback.errors.${state.wrapper}`)}
          // The server's own words when it gave some ('Invalid payment signature').
          description={described.kind === 'server' ? described.text : undefined}
          actions={
            <>
              <Button onClick={retry}>{t('callback.retry')}</Button>
              {toPlans}
            </>
          }
        />
      </div>
    );
  }

  const { payment, waiting } = state;
  const view = viewOf(payment);
  const language = i18n.language;
  const { period, godmode } = describePlanType(payment.planType);
  const tryAgain = onTryAgain ? (
    <Button onClick={() => onTryAgain({ period, godmode })}>{t('callback.failed.tryAgain')}</Button>
  ) : (
    <RouterLink to={paths.plans}>{t('callback.failed.tryAgain')}</RouterLink>
  );
  const toMembership = (
    <RouterLink to={paths.membership}>{t('callback.viewMembership')}</RouterLink>
  );

  let panel: ReactNode;
  if (view === 'completed') {
    const { proUntil, godmodeUntil } = payment.membership;
    const lines = [
      proUntil ? t('callback.completed.proUntil', { date: formatUntil(proUntil, language) }) : null,
      godmodeUntil
        ? t('callback.completed.godmodeUntil', { date: formatUntil(godmodeUntil, language) })
        : null,
    ].filter((line): line is string => line !== null);
    panel = (
      <StatusPanel
        role="status"
        tone="success"
        icon={<CircleCheck size={40} />}
        title={t('callback.completed.title')}
        description={lines.length > 0 ? lines.join(' ') : undefined}
        actions={
          <>
            <RouterLink to={paths.userHome}>{t('callback.goToChat')}</RouterLink>
            {toMembership}
          </>
        }
      />
    );
  } else if (view === 'pending') {
    panel = (
      <StatusPanel
        role="status"
        tone="info"
        icon={<Clock size={40} />}
        title={t(waiting === 'gaveUp' ? 'callback.pending.stillTitle' : 'callback.pending.title')}
        description={
          waiting === 'gaveUp'
            ? t('callback.pending.still')
            : `${t('callback.pending.description')} ${t('callback.pending.polling')}`
        }
        actions={toMembership}
      />
    );
  } else if (view === 'cancelled') {
    panel = (
      <StatusPanel
        role="status"
        tone="neutral"
        icon={<CircleSlash size={40} />}
        title={t('callback.cancelled.title')}
        description={t('callback.cancelled.description')}
        actions={
          <>
            {tryAgain}
            {toPlans}
          </>
        }
      />
    );
  } else {
    // PayPal INSTRUMENT_DECLINED: back to PayPal to pick another card or account.
    const retryUrl = payment.reason === 'declined' ? payment.retryUrl : null;
    panel = (
      <StatusPanel
        role="alert"
        tone="critical"
        icon={<CircleAlert size={40} />}
        title={t('callback.failed.title')}
        description={`${t(`reasons.${payment.reason ?? 'other'}`)} ${t(moneyNote(payment.reason))}`}
        actions={
          <>
            {retryUrl ? <Link href={retryUrl}>{t('callback.failed.anotherMethod')}</Link> : null}
            {tryAgain}
            {toPlans}
          </>
        }
      />
    );
  }

  return (
    <div className={page}>
      {panel}
      <section className={styles.details} aria-labelledby="payment-details">
        <h2 id="payment-details" className={styles.detailsHeading}>
          {t('callback.details')}
        </h2>
        <dl className={details.list}>
          <dt className={details.term}>{t('callback.plan')}</dt>
          <dd className={details.value}>{itemName(payment.planType, t)}</dd>
          <dt className={details.term}>{t('callback.amount')}</dt>
          <dd className={details.value}>{formatPaid(payment)}</dd>
          <dt className={details.term}>{t('callback.reference')}</dt>
          <dd className={details.value}>{payment.transactionRef}</dd>
        </dl>
      </section>
    </div>
  );
}
