import { Button } from '@studio/ui';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import bankLogo from '../../../assets/payments/bank.svg?no-inline';
import cardLogo from '../../../assets/payments/card.svg?no-inline';
import walletLogo from '../../../assets/payments/wallet.svg?no-inline';
import { RouterLink } from '../../../components/RouterLink';
import { socialUrls } from '../../../lib/socials';
import { footerLinks } from '../navigation';
import * as styles from './footer.css';
import { socialIcons, type SocialNetwork } from './SocialIcons';

export interface FooterProps {
  /** The newsletter form; rendered only once the footer is expanded, so its code loads then. */
  newsletter: ReactNode;
  /** Starts expanded (stories). */
  defaultExpanded?: boolean;
}

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

/**
 * §2 collapsible footer. Always: the footer links and a disclosure button. Expanded: the
 * newsletter, socials, the two offices and the payment logos.
 */
export function Footer({ newsletter, defaultExpanded = false }: FooterProps) {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState(defaultExpanded);
  const panelId = useId();
  const opensInNewTab = t('link.opensInNewTab', { ns: 'ui' });
  return (
    <footer className={styles.footer}>
      <div className={styles.bar}>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <RouterLink to={link.to}>{t(`nav.links.${link.label}`)}</RouterLink>
              </li>
            ))}
          </ul>
        </nav>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={expanded}
          aria-controls={panelId}
          iconEnd={expanded ? <ChevronUp size={16} /> : <ChevronDown size={16} />}
          onClick={() => setExpanded((value) => !value)}
        >
          {t(expanded ? 'footer.collapse' : 'footer.expand')}
        </Button>
      </div>
      <div
        id={panelId}
        className={styles.panel}
        hidden={!expanded}
        aria-label={t('footer.moreLabel')}
        role="region"
      >
        {expanded ? (
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
        ) : null}
      </div>
      <p className={styles.copyright}>
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
