import {
  GODMODE_LABEL,
  billingPeriods,
  type BillingPeriod,
  type CurrencyCode,
  type PricingResponse,
} from '@studio/contracts';
import { PlanCard, PlanCardGroup } from '@studio/ui';
import { Zap } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../../../lib/currency';
import { useLanguage } from '../../../../lib/i18n/useLanguage';
import { proPrice, yearlySavings } from '../../billing/pricing';
import type { QueryState } from '../../../../lib/query';
import { planFeatures } from './planFeatures';
import * as styles from './upgradeModal.css';

export const planChoices = ['free', 'pro'] as const;
export type PlanChoice = (typeof planChoices)[number];

function isPlanChoice(value: string): value is PlanChoice {
  return (planChoices as readonly string[]).includes(value);
}

export interface PlanStepProps {
  plan: PlanChoice;
  onPlanChange: (plan: PlanChoice) => void;
  period: BillingPeriod;
  onPeriodChange: (period: BillingPeriod) => void;
  godmode: boolean;
  onGodmodeChange: (added: boolean) => void;
  /** The visitor's currency preference (§3): prices show in it, approximately if converted. */
  currency: CurrencyCode;
  pricing: QueryState<PricingResponse>;
}

/**
 * §2 Pro modal, step 2: the Free and Pro cards with their prices, monthly or yearly, and the
 * GodMode add-on, which exists only while Pro is chosen. Until GET /api/pricing answers (or when
 * it fails) the cards show the §9 fallback prices.
 */
export function PlanStep({
  plan,
  onPlanChange,
  period,
  onPeriodChange,
  godmode,
  onGodmodeChange,
  currency,
  pricing,
}: PlanStepProps) {
  const { t } = useTranslation('payments');
  // The plan's lines are /plans' own (billing namespace): one wording for one plan.
  const { t: billingT } = useTranslation('billing');
  const texts = { payments: t, billing: billingT };
  const language = useLanguage();
  const headingId = useId();
  const catalogue = pricing.status === 'success' ? pricing.data : null;
  const numbers = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US');
  const formatNumber = (value: number) => numbers.format(value);

  const price = proPrice(period, currency, catalogue);
  const formatted = formatCurrency(price.amount, currency);
  const suffix = t(period === 'monthly' ? 'plan.perMonth' : 'plan.perYear');
  const savings = yearlySavings(
    proPrice('monthly', currency, catalogue).amount,
    proPrice('yearly', currency, catalogue).amount,
  );

  return (
    <section className={styles.step} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.stepHeading}>
        {t('plan.heading')}
      </h3>
      <fieldset className={styles.periodSwitch}>
        <legend className={styles.periodLegend}>{t('plan.periodLabel')}</legend>
        {billingPeriods.map((option) => (
          <label key={option} className={styles.periodOption}>
            <input
              type="radio"
              name="upgrade-period"
              className={styles.periodInput}
              value={option}
              checked={period === option}
              onChange={() => onPeriodChange(option)}
            />
            {option === 'yearly'
              ? t('plan.yearlyWithSavings', { percent: savings.percent })
              : t('plan.monthly')}
          </label>
        ))}
      </fieldset>
      <PlanCardGroup
        compact
        aria-label={t('plan.groupLabel')}
        value={plan}
        onValueChange={(value) => {
          if (isPlanChoice(value)) onPlanChange(value);
        }}
      >
        <PlanCard
          value="free"
          name={t('plan.free.name')}
          price={formatCurrency(0, currency)}
          period={suffix}
          description={t('plan.free.description')}
          features={planFeatures('free', catalogue, texts, formatNumber)}
        />
        <PlanCard
          value="pro"
          name={t('plan.pro.name')}
          badge={t('plan.pro.badge')}
          price={price.approximate ? `≈ ${formatted}` : formatted}
          period={suffix}
          description={t('plan.pro.description')}
          features={planFeatures('pro', catalogue, texts, formatNumber)}
        />
      </PlanCardGroup>
      {plan === 'pro' ? (
        <PlanCard
          variant="addon"
          name={t('plan.godmode.name')}
          price={GODMODE_LABEL}
          description={t('plan.godmode.description')}
          features={
            catalogue ? planFeatures('godmode', catalogue, texts, formatNumber).slice(0, 2) : []
          }
          icon={<Zap size={20} />}
          selected={godmode}
          onSelect={onGodmodeChange}
        />
      ) : null}
      {price.approximate ? (
        <p className={styles.note}>{t('plan.approximateNote', { currency })}</p>
      ) : null}
      <p role="status" className={styles.note}>
        {pricing.status === 'loading'
          ? t('plan.pricingLoading')
          : pricing.status === 'error'
            ? t('plan.pricingFailed')
            : null}
      </p>
    </section>
  );
}
