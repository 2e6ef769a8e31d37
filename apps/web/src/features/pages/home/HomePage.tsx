import { PlanCard } from '@studio/ui';
import { CreditCard, KeyRound, Languages, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from '../shared/shape';
import { formatCurrency } from '../../../lib/currency';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { stringListSchema, useContent } from '../shared/content';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';
import { ToolGrid } from '../shared/ToolGrid';
import * as styles from './HomePage.css';
import { primaryPaymentCurrency, proPrices } from './planPrices';

/** Why the studio, in the order shown; each id is a key under `why.items`. */
const reasons: readonly { id: string; icon: LucideIcon }[] = [
  { id: 'privacy', icon: ShieldCheck },
  { id: 'languages', icon: Languages },
  { id: 'payments', icon: CreditCard },
  { id: 'passkeys', icon: KeyRound },
];

const faqTeaserSchema = z.array(z.object({ question: z.string(), answer: z.string() }));

export interface HomePageProps {
  /** The visitor chat under the hero (the route lazily loads it after the page has rendered). */
  chat?: ReactNode;
  /**
   * Where "Start chatting" goes: the signed-in user's chat (/home) by default, the visitor chat
   * further down this page for a visitor. Never `/` itself, which is this page.
   */
  startChatTo?: string;
}

/** `/`: what the studio offers, its tools, why choose it, its plans and the top questions. */
export function HomePage({ chat, startChatTo = paths.userHome }: HomePageProps) {
  const { t, i18n } = useTranslation('home');
  const freeFeatures = useContent(t, 'plans.free.features', stringListSchema);
  const proFeatures = useContent(t, 'plans.pro.features', stringListSchema);
  const faq = useContent(t, 'faq.items', faqTeaserSchema);

  const primary = primaryPaymentCurrency(i18n.resolvedLanguage ?? i18n.language);
  const secondary = primary === 'VND' ? 'USD' : 'VND';
  const providers = { USD: 'PayPal', VND: 'VNPay' } as const;

  return (
    <div className={styles.page}>
      {/*
        The visitor chat is part of the hero, right under the title, and reaches down to the
        bottom of the first screen, so its composer is there on a phone (390×844) and a laptop
        (1366×768) and its messages scroll inside it; the pitch follows it on a phone and stands
        beside it on a wide screen (grid areas; the order in the page stays title, chat, pitch).
      */}
      <div className={styles.hero}>
        <div className={chat ? styles.heroWithChat : styles.heroAlone}>
          <div className={styles.heroTitle}>
            <PageHeader eyebrow={t('hero.eyebrow')} title={t('hero.title')} />
          </div>
          {chat ? <div className={styles.heroChat}>{chat}</div> : null}
          <div className={styles.heroPitch}>
            <p className={pageStyles.lead}>{t('hero.lead')}</p>
            <div className={pageStyles.actions}>
              <Link to={startChatTo} className={pageStyles.ctaPrimary}>
                {t('hero.startChat')}
              </Link>
              <Link to={paths.plans} className={pageStyles.ctaSecondary}>
                {t('hero.seePlans')}
              </Link>
            </div>
          </div>
        </div>
      </div>

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
    </div>
  );
}
