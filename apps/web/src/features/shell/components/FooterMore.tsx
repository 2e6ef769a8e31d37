import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import bankLogo from '../../../assets/payments/bank.svg?no-inline';
import cardLogo from '../../../assets/payments/card.svg?no-inline';
import walletLogo from '../../../assets/payments/wallet.svg?no-inline';
import { socialUrls } from '../../../lib/socials';
import * as styles from './footer.css';
import { socialIcons, type SocialNetwork } from './SocialIcons';

const offices = ['hcmc', 'singapore'] as const;

const paymentLogos = [
  { key: 'card', src: cardLogo },
  { key: 'wallet', src: walletLogo },
  { key: 'bank', src: bankLogo },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The footer's expanded part: the newsletter, socials, the two offices and the payment logos. */
export function FooterMore({ newsletter }: { newsletter: ReactNode }) {
  const { t } = useTranslation('common');
  const opensInNewTab = t('link.opensInNewTab', { ns: 'ui' });
  return (
    <>
      <Section title={t('footer.newsletter.title')}>
        <p className={styles.muted}>{t('footer.newsletter.description')}</p>
        {newsletter}
      </Section>
      <Section title={t('footer.socials.title')}>
        <ul className={styles.socials}>
          {(Object.keys(socialUrls) as SocialNetwork[]).map((network) => (
            <li key={network}>
              <a
                className={styles.socialLink}
                href={socialUrls[network]}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t(`footer.socials.${network}`)} ${opensInNewTab}`}
              >
                {socialIcons[network]}
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('footer.offices.title')}>
        <ul className={styles.offices}>
          {offices.map((office) => (
            <li key={office}>
              <address className={styles.address}>
                <span className={styles.city}>{t(`footer.offices.${office}.city`)}</span>
                {t(`footer.offices.${office}.address`)}
              </address>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('footer.payments.title')}>
        <ul className={styles.logos}>
          {paymentLogos.map((logo) => (
            <li key={logo.key}>
              <img
                className={styles.logo}
                src={logo.src}
                alt={t(`footer.payments.${logo.key}`)}
                width={72}
                height={48}
              />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
