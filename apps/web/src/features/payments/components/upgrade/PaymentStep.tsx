import {
  PAYMENT_ATTEMPTS,
  providerCurrency,
  type PaymentMethod,
  type PaymentMethodsResponse,
  type PaymentProvider,
  type PricingResponse,
} from '@studio/contracts';
import { Badge, Button, Spinner } from '@studio/ui';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../../../lib/currency';
import { checkoutAmount } from '../../billing/pricing';
import { showsAttemptsInfo } from '../../checkout/attempts';
import type { CheckoutChoice } from '../../checkout/checkout';
import type { Checkout } from '../../checkout/useCheckout';
import type { QueryState } from '../../../../lib/query';
import * as styles from './upgradeModal.css';

export interface PaymentStepProps {
  choice: CheckoutChoice;
  pricing: PricingResponse | null;
  methods: QueryState<PaymentMethodsResponse>;
  onReloadMethods: () => void;
  checkout: Pick<Checkout, 'pending' | 'attempts' | 'blocked'>;
  onPay: (provider: PaymentProvider) => void;
  /** §2 the optional biometric verification, above the provider buttons; nothing by default. */
  verification?: ReactNode;
  /** Why the provider buttons wait (a required biometric verification), or null. */
  lockedReason?: string | null;
  /** The verification needs the whole step (its device manager): only it shows. */
  verificationOnly?: boolean;
}

/**
 * §2 Pro modal, step 3: the order, what each provider charges (PayPal in USD, VNPay in VND), and
 * a button per provider. Unavailable providers are disabled with the reason; the sandbox says no
 * real money is taken. Failed starts are counted (§8): an info line below 10, blocked at 10.
 */
export function PaymentStep({
  choice,
  pricing,
  methods,
  onReloadMethods,
  checkout,
  onPay,
  verification,
  lockedReason = null,
  verificationOnly = false,
}: PaymentStepProps) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const summaryId = useId();
  const amountIn = (provider: PaymentProvider) => {
    const currency = providerCurrency[provider];
    return formatCurrency(
      checkoutAmount(choice.period, choice.godmode, currency, pricing),
      currency,
    );
  };
  const list = methods.status === 'success' ? methods.data.methods : [];
  const sandbox = list.some((method) => method.available && method.sandbox);

  // The verification stays at one place in the tree whatever else shows, so its state (the
  // device manager open, say) survives the rest of the step being hidden.
  const details = verificationOnly ? null : (
    <>
      <h4 id={summaryId} className={styles.summaryHeading}>
        {t('payment.summaryLabel')}
      </h4>
      <dl className={styles.summary}>
        <dt className={styles.summaryTerm}>{t('payment.plan')}</dt>
        <dd className={styles.summaryValue}>{t(`payment.planValue.${choice.period}`)}</dd>
        <dt className={styles.summaryTerm}>{t('payment.godmode')}</dt>
        <dd className={styles.summaryValue}>
          {t(choice.godmode ? 'payment.godmodeAdded' : 'payment.godmodeNotAdded')}
        </dd>
        <dt className={styles.summaryTerm}>{t('payment.amountPaypal')}</dt>
        <dd className={styles.summaryValue}>{amountIn('paypal')}</dd>
        <dt className={styles.summaryTerm}>{t('payment.amountVnpay')}</dt>
        <dd className={styles.summaryValue}>{amountIn('vnpay')}</dd>
      </dl>
      {sandbox ? <p className={styles.note}>{t('payment.sandboxNote')}</p> : null}
    </>
  );

  return (
    <section className={styles.step} aria-labelledby={headingId}>
      <div className={styles.headingRow}>
        <h3 id={headingId} className={styles.stepHeading}>
          {t('payment.heading')}
        </h3>
        {sandbox && !verificationOnly ? (
          <Badge tone="warning" size="sm">
            {t('payment.sandbox')}
          </Badge>
        ) : null}
      </div>
      {details}
      {verification}
      {verificationOnly ? null : (
        <PaymentMethods
          methods={methods}
          onReload={onReloadMethods}
          checkout={checkout}
          amountIn={amountIn}
          onPay={onPay}
          lockedReason={lockedReason}
        />
      )}
      {verificationOnly ? null : (
        <p role="status" className={styles.note}>
          {showsAttemptsInfo(checkout.attempts)
            ? t('payment.attemptsInfo', {
                count: checkout.attempts,
                limit: PAYMENT_ATTEMPTS.blockedAt,
              })
            : null}
        </p>
      )}
    </section>
  );
}

interface PaymentMethodsProps {
  methods: QueryState<PaymentMethodsResponse>;
  onReload: () => void;
  checkout: Pick<Checkout, 'pending' | 'blocked'>;
  amountIn: (provider: PaymentProvider) => string;
  onPay: (provider: PaymentProvider) => void;
  lockedReason: string | null;
}

function PaymentMethods({
  methods,
  onReload,
  checkout,
  amountIn,
  onPay,
  lockedReason,
}: PaymentMethodsProps) {
  const { t } = useTranslation('payments');
  const lockedId = useId();
  if (methods.status === 'loading') {
    return <Spinner text={t('payment.methodsLoading')} />;
  }
  if (methods.status === 'error') {
    return (
      <div role="alert" className={styles.alert}>
        <p className={styles.stepHeading}>{t('payment.methodsFailed')}</p>
        <Button size="sm" variant="secondary" onClick={onReload}>
          {t('payment.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.providers}>
      {checkout.blocked ? (
        <p role="alert" className={styles.alert}>
          {t('payment.exceeded')}
        </p>
      ) : null}
      {lockedReason ? (
        <p id={lockedId} className={styles.info}>
          {lockedReason}
        </p>
      ) : null}
      {methods.data.methods.map((method) => (
        <ProviderButton
          key={method.id}
          method={method}
          amount={amountIn(method.id)}
          pending={checkout.pending}
          blocked={checkout.blocked}
          lockedBy={lockedReason ? lockedId : null}
          onPay={onPay}
        />
      ))}
    </div>
  );
}

interface ProviderButtonProps {
  method: PaymentMethod;
  amount: string;
  pending: PaymentProvider | null;
  blocked: boolean;
  /** The id of the reason the buttons wait for a verification, or null. */
  lockedBy: string | null;
  onPay: (provider: PaymentProvider) => void;
}

function ProviderButton({
  method,
  amount,
  pending,
  blocked,
  lockedBy,
  onPay,
}: ProviderButtonProps) {
  const { t } = useTranslation('payments');
  const reasonId = useId();
  const busy = pending === method.id;
  return (
    <div className={styles.provider}>
      <Button
        fullWidth
        variant={method.id === 'paypal' ? 'primary' : 'secondary'}
        loading={busy}
        disabled={!method.available || blocked || lockedBy !== null || (pending !== null && !busy)}
        aria-describedby={
          [method.available ? null : reasonId, lockedBy].filter(Boolean).join(' ') || undefined
        }
        onClick={() => onPay(method.id)}
      >
        {t('payment.payWith', { provider: method.name, amount })}
      </Button>
      {method.available ? null : (
        <p id={reasonId} className={styles.note}>
          {t('payment.unavailable', { provider: method.name })}
        </p>
      )}
    </div>
  );
}
