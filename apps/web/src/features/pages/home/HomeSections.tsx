import { PlanCard } from '@studio/ui';
import { CreditCard, KeyRound, Languages, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from '../../../lib/shape';
import { formatCurrency } from '../../../lib/currency';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { stringListSchema, useContent } from '../shared/content';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';
import { ToolGrid } from '../shared/ToolGrid';
import * as styles from './HomeSections.css';
import { primaryPaymentCurrency, proPrices } from './planPrices';

/** Why the studio, in the order shown; each id is a key under `why.items`. */
const reasons: readonly { id: string; icon: LucideIcon }[] = [
  { id: 'privacy', icon: ShieldCheck },
  { id: 'languages', icon: Languages },
  { id: 'payments', icon: CreditCard },
  { id: 'passkeys', icon: KeyRound },
];

const faqTeaserSchema = z.array(z.object({ question: z.string(), answer: z.string() }));

export interface HomeSectionsProps {
  /** Where the chat tool's card goes (the hero's "Start chatting" target). */
  startChatTo?: string;
}

/**
 * What `/` shows below its first screen: the tools, why the studio, its plans and the top
 * questions. A module of its own: the route loads it when a visitor is about to see it
 * (components/Deferred), so none of it (the plan cards, the tool grid and the manifest, the
 * icons) weighs on the first load of the page visitors land on.
 */
export function HomeSections({ startChatTo = paths.userHome }: HomeSectionsProps) {
  const { t, i18n } = useTranslation('home');
  const freeFeatures = useContent(t, 'plans.free.features', stringListSchema);
  const proFeatures = useContent(t, 'plans.pro.features', stringListSchema);
  const faq = useContent(t, 'faq.items', faqTeaserSchema);

  const primary = primaryPaymentCurrency(i18n.resolvedLanguage ?? i18n.language);
  const secondary = primary === 'VND' ? 'USD' : 'VND';
  const providers = { USD: 'PayPal', VND: 'VNPay' } as const;

  return (
    <>
      <PageSection id="tools" title={t('tools.title')} lead={t('tools.lead')}>
        <ToolGrid headingLevel={3} chatTo={startChatTo} />
        <p className={pageStyles.paragraph}>
          <RouterLink to={paths.services}>{t('tools.allServices')}</RouterLink>
        </p>
      </PageSection>

      <PageSection id="why" title={t('why.title')} lead={t('why.lead')}>
        <ul className={styles.why}>
          {reasons.map(({ id, icon: Icon }) => (
            <li key={id} className={styles.whyItem}>
              <span className={styles.whyIcon}>
                <Icon size={22} aria-hidden="true" />
              </span>
              <h3 className={pageStyles.subTitle}>{t(`why.items.${id}.title`)}</h3>
              <p className={pageStyles.muted}>{t(`why.items.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="plans" title={t('plans.title')} lead={t('plans.lead')}>
        <ul className={pageStyles.twoColumns}>
          <li>
            <PlanCard
              selectionMode="none"
              name={t('plans.free.name')}
              price={t('plans.free.price')}
              description={t('plans.free.description')}
              features={freeFeatures}
            />
          </li>
          <li>
            <PlanCard
              selectionMode="none"
              selected
              name={t('plans.pro.name')}
              badge={t('plans.pro.badge')}
              price={formatCurrency(proPrices.monthly[primary], primary)}
              period={t('plans.perMonth')}
              description={t('plans.pro.description')}
              features={proFeatures}
              action={
                <Link to={paths.plans} className={pageStyles.ctaPrimary}>
                  {t('plans.pro.choose')}
                </Link>
              }
            />
          </li>
        </ul>
        <p className={styles.planNote}>
          {t('plans.pro.otherPrices', {
            yearly: formatCurrency(proPrices.yearly[primary], primary),
            monthlyOther: formatCurrency(proPrices.monthly[secondary], secondary),
            provider: providers[secondary],
            primaryProvider: providers[primary],
          })}
        </p>
        <p className={styles.planNote}>{t('plans.godMode')}</p>
        <p className={pageStyles.paragraph}>
          <RouterLink to={paths.plans}>{t('plans.compare')}</RouterLink>
        </p>
      </PageSection>

      <PageSection id="faq" title={t('faq.title')}>
        <dl className={styles.faqList}>
          {faq.map(({ question, answer }) => (
            <div key={question}>
              <dt className={styles.faqQuestion}>{question}</dt>
              <dd className={styles.faqAnswer}>{answer}</dd>
            </div>
          ))}
        </dl>
        <p className={pageStyles.paragraph}>
          <RouterLink to={paths.help}>{t('faq.more')}</RouterLink>
        </p>
      </PageSection>
    </>
  );
}
