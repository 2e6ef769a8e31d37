import {
  type CurrencyCode,
  type DailyAllowances,
  type EntitlementTier,
  type MembershipResponse,
  type PlanEntitlements,
  type PricingResponse,
} from '@studio/contracts';
import { GODMODE_LABEL } from '@studio/contracts/paymentOptions';
import { toolMeters } from '@studio/contracts/tools';
import { Badge, Button, PlanCard, Tabs } from '@studio/ui';
import { Crown, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/PageHeader';
import { page } from '../../../../components/styles.css';
import { formatCurrency, type ConvertedAmount } from '../../../../lib/currency';
import { useMembershipIfSignedIn } from '../../api/getMembership';
import { usePricing } from '../../api/getPricing';
import { formatUntil } from '../../billing/describePayment';
import {
  entitlementLines,
  numberFormatter,
  visitorAllowanceText,
} from '../../billing/entitlements';
import type { CheckoutChoice } from '../../checkout/checkout';
import { godmodePrice, proPrice, yearlySavings, type BillingPeriod } from '../../billing/pricing';
import * as styles from './plansPage.css';

export interface PlansPageProps {
  /** The visitor's currency preference. */
  currency: CurrencyCode;
  /** Whether someone is signed in: then the cards mark the current plan. */
  signedIn: boolean;
  /** Opens the Pro upgrade modal at the plan step with this choice (hosted by the shell). */
  onChoosePro: (choice: CheckoutChoice) => void;
  /** GET /api/pricing by default. */
  loadPricing?: (signal: AbortSignal) => Promise<PricingResponse>;
  /** GET /api/membership by default (signed in only). */
  loadMembership?: (signal: AbortSignal) => Promise<MembershipResponse>;
}

const periods: readonly BillingPeriod[] = ['monthly', 'yearly'];

/**
 * Lines as long as a plan's usually are, to keep their room while GET /api/pricing answers;
 * never shown (PlanCard's featuresPending), only measured.
 */
function roomOf(tier: EntitlementTier): PlanEntitlements {
  const amount = tier === 'free' ? 100 : 1000;
  const daily = Object.fromEntries(toolMeters.map((meter) => [meter, amount])) as DailyAllowances;
  return {
    models: tier,
    daily,
    dailyMessages: amount,
    dailyImages: amount,
    spokenReplies: true,
    activeShareLinks: amount,
    shareLinkMaxDays: 30,
  };
}

/**
 * /plans, Plans & Pricing: Free and Pro, monthly or yearly, with the GodMode add-on, in the
 * visitor's currency. Prices and what each plan unlocks come from GET /api/pricing; until it
 * answers, or if it fails, the §9 prices show (and 'Failed to fetch pricing' says why).
 */
export function PlansPage({
  currency,
  signedIn,
  onChoosePro,
  loadPricing,
  loadMembership,
}: PlansPageProps) {
  const { t, i18n } = useTranslation('billing');
  const { t: tCommon } = useTranslation('common');
  const pricingState = usePricing(loadPricing);
  const pricing = pricingState.status === 'success' ? pricingState.data : null;
  const membershipState = useMembershipIfSignedIn(signedIn, loadMembership);
  // Not knowing the plan (signed out, loading, failed) marks no card as current.
  const membership = membershipState.status === 'success' ? membershipState.data : null;
  const language = i18n.language;
  const formatNumber = numberFormatter(language);

  const shown = (price: ConvertedAmount) => {
    const formatted = formatCurrency(price.amount, price.currency);
    return price.approximate ? t('plans.approximate', { price: formatted }) : formatted;
  };
  // While the price list loads, the cards keep the room of their lines (unseen): a card that
  // grew when it came moved the whole page on a slow connection.
  const pricingPending = pricingState.status === 'loading';
  const unlocks = (tier: EntitlementTier) =>
    pricing
      ? entitlementLines(pricing.entitlements[tier], t, formatNumber)
      : pricingPending
        ? entitlementLines(roomOf(tier), t, formatNumber)
        : [];
  const currentPlan = <Badge tone="accent">{t('plans.currentPlan')}</Badge>;

  const renderPeriod = (period: BillingPeriod) => {
    const price = proPrice(period, currency, pricing);
    const suffix = t(period === 'monthly' ? 'plans.perMonth' : 'plans.perYear');
    const savings =
      period === 'yearly'
        ? yearlySavings(proPrice('monthly', currency, pricing).amount, price.amount)
        : null;
    const proActive = membership !== null && membership.tier !== 'free';
    return (
      <>
        {savings ? (
          <p className={styles.savings}>
            {t('plans.savings', {
              amount: shown({ ...price, amount: savings.amount }),
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
            features={unlocks('free')}
            featuresPending={pricingPending}
            action={
              membership?.tier === 'free' ? (
                currentPlan
              ) : (
                <div className={styles.current}>
                  <p className={styles.note}>{t('plans.free.included')}</p>
                  {/* A visitor's own allowance, from the same answer as the cards' numbers. */}
                  {!signedIn && pricing ? (
                    <p className={styles.note}>
                      {visitorAllowanceText(pricing.visitor.daily, t, formatNumber, language)}
                    </p>
                  ) : null}
                </div>
              )
            }
          />
          <PlanCard
            selectionMode="none"
            headingLevel={2}
            name={t('plans.pro.name')}
            badge={t('plans.popular')}
            price={shown(price)}
            period={suffix}
            description={t('plans.pro.description')}
            features={unlocks('pro')}
            featuresPending={pricingPending}
            action={
              proActive && membership.proUntil ? (
                <div className={styles.current}>
                  {currentPlan}
                  <p className={styles.note}>
                    {t('plans.renewsOn', { date: formatUntil(membership.proUntil, language) })}
                  </p>
                </div>
              ) : (
                <Button
                  fullWidth
                  icon={<Sparkles size={16} />}
                  onClick={() => onChoosePro({ period, godmode: false })}
                >
                  {t('plans.pro.choose')}
                </Button>
              )
            }
          />
          <PlanCard
            selectionMode="none"
            headingLevel={2}
            name={t('plans.godmode.title')}
            price={GODMODE_LABEL}
            description={t('plans.godmode.description')}
            features={[
              t('plans.godmode.price', { price: shown(godmodePrice(currency, pricing)) }),
              ...unlocks('godmode'),
            ]}
            featuresPending={pricingPending}
            action={
              membership?.godmodeUntil ? (
                <div className={styles.current}>
                  {currentPlan}
                  <p className={styles.note}>
                    {t('plans.godmode.activeUntil', {
                      date: formatUntil(membership.godmodeUntil, language),
                    })}
                  </p>
                </div>
              ) : (
                <Button
                  fullWidth
                  variant="secondary"
                  icon={<Crown size={16} />}
                  onClick={() => onChoosePro({ period, godmode: true })}
                >
                  {t('plans.godmode.add')}
                </Button>
              )
            }
          />
        </div>
      </>
    );
  };

  return (
    <div className={page}>
      <PageHeader title={tCommon('titles.plans')} intro={t('plans.intro')} />
      {pricingState.status === 'error' ? (
        <div role="alert" className={styles.alert}>
          <p className={styles.alertTitle}>{t('plans.pricingFailed')}</p>
          <p className={styles.note}>{t('plans.pricingFallback')}</p>
          <Button size="sm" variant="secondary" onClick={pricingState.reload}>
            {t('plans.retry')}
          </Button>
        </div>
      ) : null}
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
      <p className={styles.note}>
        {proPrice('monthly', currency).approximate
          ? `${t('plans.approximateNote', {
              currency: tCommon(`preferences.currency.names.${currency}`),
            })} `
          : null}
        {t('plans.checkoutNote')}
      </p>
    </div>
  );
}
