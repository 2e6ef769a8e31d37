import { Button, Spinner } from '@studio/ui';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { footerLinks } from '../navigation';
import * as styles from './footer.css';

export interface FooterProps {
  /** The newsletter form; rendered only once the footer is expanded, so its code loads then. */
  newsletter: ReactNode;
  /** Starts expanded (stories). */
  defaultExpanded?: boolean;
}

// The expanded part (newsletter, socials, offices, payment logos) loads when the footer is
// opened: no first screen shows it, so its code stays out of every first load.
const FooterMore = lazy(() => import('./FooterMore').then((m) => ({ default: m.FooterMore })));

/**
 * §2 collapsible footer. Always: the footer links and a disclosure button. Expanded: the
 * newsletter, socials, the two offices and the payment logos.
 */
export function Footer({ newsletter, defaultExpanded = false }: FooterProps) {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState(defaultExpanded);
  const panelId = useId();
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
          <Suspense fallback={<Spinner />}>
            <FooterMore newsletter={newsletter} />
          </Suspense>
        ) : null}
      </div>
      <p className={styles.copyright}>
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
