import {
  describePlanType,
  type BillingPeriod,
  type MembershipResponse,
  type PaymentRecord,
  type PaymentStatusResponse,
} from '@studio/contracts';
import { Badge, Button, Card, Skeleton, SkeletonGroup, useToast } from '@studio/ui';
import { CircleAlert, Crown, RefreshCw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/PageHeader';
import { RouterLink } from '../../../../components/RouterLink';
import { StatusPanel } from '../../../../components/StatusPanel';
import { page } from '../../../../components/styles.css';
import { useErrorText } from '../../../../lib/api/useErrorText';
import { paths } from '../../../../lib/paths';
import { cancelPayment as cancelPaymentCall } from '../../api/cancelPayment';
import { getMembership, useMembership } from '../../api/getMembership';
import {
  formatUntil,
  hasReceipt,
  receiptOf,
  sortNewestFirst,
  type ReceiptCustomer,
} from '../../billing/describePayment';
import { entitlementLines, numberFormatter } from '../../billing/entitlements';
import type { CheckoutChoice } from '../../checkout/checkout';
import * as styles from './membershipPage.css';
import { PaymentHistory } from './PaymentHistory';
import { ReceiptDialog } from './ReceiptDialog';

export interface MembershipPageProps {
  /** The signed-in user: named on receipts. */
  user: ReceiptCustomer;
  /** Opens the Pro upgrade modal at the plan step with this choice (hosted by the shell). */
  onChoosePro: (choice: CheckoutChoice) => void;
  /** GET /api/membership by default. */
  loadMembership?: (signal: AbortSignal) => Promise<MembershipResponse>;
  /** window.print() by default. */
  print?: () => void;
  /** POST /api/payments/{id}/cancel by default (it refreshes the membership). */
  cancelPayment?: (orderId: string) => Promise<PaymentStatusResponse>;
}

/** The period to renew for: the one last paid for, monthly when nothing was. */
export function renewalPeriod(payments: readonly PaymentRecord[]): BillingPeriod {
  const lastPaid = sortNewestFirst(payments).find(hasReceipt);
  return lastPaid ? describePlanType(lastPaid.planType).period : 'monthly';
}

/**
 * /membership: the plan now (Free, Pro, Pro + GodMode) and until when, what it unlocks, ways to
 * renew or upgrade, and the payment history with printable receipts.
 */
export function MembershipPage({
  user,
  onChoosePro,
  loadMembership = getMembership,
  print,
  cancelPayment = cancelPaymentCall,
}: MembershipPageProps) {
  const { t, i18n } = useTranslation('billing');
  const { t: tCommon } = useTranslation('common');
  const errorText = useErrorText();
  const state = useMembership(loadMembership);
  const [receiptPayment, setReceiptPayment] = useState<PaymentRecord | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const { toast } = useToast();

  const cancel = (payment: PaymentRecord) => {
    setCancelling(payment.orderId);
    cancelPayment(payment.orderId)
      .then((after) =>
        // The provider is asked first: a payment that went through after all says so.
        toast(
          after.outcome === 'completed'
            ? { tone: 'success', title: t('membership.history.paidAfterAll') }
            : { tone: 'success', title: t('membership.history.cancelled') },
        ),
      )
      .catch((error: unknown) =>
        toast({
          tone: 'critical',
          title: t('membership.history.cancelFailed'),
          description: errorText(error),
        }),
      )
      .finally(() => setCancelling(null));
  };
  const language = i18n.language;
  const header = <PageHeader title={tCommon('titles.membership')} intro={t('membership.intro')} />;

  if (state.status === 'loading') {
    return (
      <div className={page}>
        {header}
        <SkeletonGroup label={t('membership.loading')} gap="md">
          <Skeleton shape="rect" height="12rem" />
          <Skeleton shape="rect" height="8rem" />
        </SkeletonGroup>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={page}>
        {header}
        <StatusPanel
          role="alert"
          tone="critical"
          headingLevel={2}
          icon={<CircleAlert size={40} />}
          title={t('membership.failed')}
          description={errorText(state.error)}
          actions={<Button onClick={state.reload}>{t('membership.retry')}</Button>}
        />
      </div>
    );
  }

  const membership = state.data;
  const period = renewalPeriod(membership.payments);
  const godmode = membership.tier === 'godmode';
  const dates = [
    membership.proUntil
      ? t('membership.proUntil', { date: formatUntil(membership.proUntil, language) })
      : null,
    membership.godmodeUntil
      ? t('membership.godmodeUntil', { date: formatUntil(membership.godmodeUntil, language) })
      : null,
  ].filter((line): line is string => line !== null);
  const receipt = receiptPayment
    ? receiptOf(receiptPayment, user, tCommon('app.name'), t, language)
    : null;

  const actions =
    membership.tier === 'free' ? (
      <>
        <Button
          icon={<Sparkles size={16} />}
          onClick={() => onChoosePro({ period, godmode: false })}
        >
          {t('membership.upgrade')}
        </Button>
        <RouterLink to={paths.plans}>{t('membership.seePlans')}</RouterLink>
      </>
    ) : (
      <>
        <Button icon={<RefreshCw size={16} />} onClick={() => onChoosePro({ period, godmode })}>
          {t('membership.renew')}
        </Button>
        {godmode ? null : (
          <Button
            variant="secondary"
            icon={<Crown size={16} />}
            onClick={() => onChoosePro({ period, godmode: true })}
          >
            {t('membership.addGodmode')}
          </Button>
        )}
        <RouterLink to={paths.plans}>{t('membership.seePlans')}</RouterLink>
      </>
    );

  return (
    <div className={page}>
      {header}
      <div className={styles.sections}>
        <Card
          as="section"
          title={t('membership.currentPlan')}
          headingLevel={2}
          header={
            <Badge tone={membership.tier === 'free' ? 'neutral' : 'accent'}>
              {t(`membership.tiers.${membership.tier}`)}
            </Badge>
          }
          footer={<div className={styles.actions}>{actions}</div>}
        >
          {dates.length > 0 ? (
            dates.map((line) => (
              <p key={line} className={styles.dates}>
                {line}
              </p>
            ))
          ) : (
            <p className={styles.hint}>{t('membership.freeHint')}</p>
          )}
          <h3 className={styles.subheading}>{t('membership.unlocks')}</h3>
          <ul className={styles.unlocks}>
            {entitlementLines(membership.entitlements, t, numberFormatter(language)).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Card>
        <section aria-labelledby="payment-history">
          <h2 id="payment-history" className={styles.historyHeading}>
            {t('membership.history.title')}
          </h2>
          <PaymentHistory
            payments={membership.payments}
            onReceipt={setReceiptPayment}
            onCancel={cancel}
            cancelling={cancelling}
          />
        </section>
      </div>
      <ReceiptDialog
        receipt={receipt}
        onClose={() => setReceiptPayment(null)}
        {...(print ? { print } : {})}
      />
    </div>
  );
}
