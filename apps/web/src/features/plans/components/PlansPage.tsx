import type { CurrencyCode } from '@studio/contracts';
import { Button, PlanCard, Tabs, useToast } from '@studio/ui';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { page } from '../../../components/styles.css';
import { formatCurrency } from '../../../lib/currency';
import { paths } from '../../../lib/paths';
import { proPrice, yearlySavings, type BillingPeriod } from '../pricing';
import * as styles from './plansPage.css';

export interface PlansPageProps {
  /** The visitor's currency preference. */
  currency: CurrencyCode;
  /** Whether someone is signed in: paying needs an account (§5). */
  signedIn: boolean;
}

const periods: readonly BillingPeriod[] = ['monthly', 'yearly'];

/**
 * /plans, Plans & Pricing: the Free and Pro plans, monthly or yearly, in the visitor's currency
 * (§9 fallback prices). Paying opens with the payments work; until then the Pro button says so
 * honestly, after asking anonymous visitors to sign in first.
 */
export function PlansPage({ currency, signedIn }: PlansPageProps) {
  const { t } = useTranslation('common');
  const { toast } = useToast();
  const navigate = useNavigate();

  const choosePro = () => {
    if (!signedIn) {
      toast({ tone: 'info', title: t('plans.signInFirst') });
      void navigate(paths.login, { state: { from: paths.plans } });
      return;
    }
    toast({
      tone: 'warning',
      title: t('plans.paymentUnavailable'),
      description: t('plans.paymentUnavailableDescription'),
    });
  };

  const renderPeriod = (period: BillingPeriod) => {
    const price = proPrice(period, currency);
    const suffix = t(period === 'monthly' ? 'plans.perMonth' : 'plans.perYear');
    const savings =
      period === 'yearly'
        ? yearlySavings(proPrice('monthly', currency).amount, price.amount)
        : null;
    const formatted = formatCurrency(price.amount, currency);
    return (
      <>
        {savings ? (
          <p className={styles.savings}>
            {t('plans.savings', {
              amount: formatCurrency(savings.amount, currency),
              percent: savings.percent,
            })}
          </p>
        ) : null}
        <div className={styles.cards}>
          <PlanCard
            selectionMode="none"
            headingLevel={2}
            name={t('plans.free.name')}
            price={formatCurrency(0, currency)}
            period={suffix}
            description={t('plans.free.description')}
            features={[
              t('plans.free.feature1'),
              t('plans.free.feature2'),
              t('plans.free.feature3'),
            ]}
            action={<p className={styles.note}>{t('plans.free.current')}</p>}
          />
          <PlanCard
            selectionMode="none"
            headingLevel={2}
            name={t('plans.pro.name')}
            badge={t('plans.popular')}
            price={price.approximate ? `≈ ${formatted}` : formatted}
            period={suffix}
            description={t('plans.pro.description')}
            features={[
              t('plans.pro.feature1'),
              t('plans.pro.feature2'),
              t('plans.pro.feature3'),
              t('plans.pro.feature4'),
            ]}
            action={
              <Button fullWidth icon={<Sparkles size={16} />} onClick={choosePro}>
                {t('plans.pro.choose')}
              </Button>
            }
          />
        </div>
      </>
    );
  };

  return (
    <div className={page}>
      <PageHeader title={t('titles.plans')} intro={t('plans.intro')} />
      <Tabs.Root defaultValue="monthly">
        <Tabs.List aria-label={t('plans.billingLabel')} variant="pill">
          {periods.map((period) => (
            <Tabs.Trigger key={period} value={period}>
              {t(`plans.${period}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {periods.map((period) => (
          <Tabs.Content key={period} value={period}>
            {renderPeriod(period)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {proPrice('monthly', currency).approximate ? (
        <p className={styles.note}>
          {t('plans.approximateNote', { currency: t(`preferences.currency.names.${currency}`) })}
        </p>
      ) : null}
    </div>
  );
}
