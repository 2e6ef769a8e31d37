import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../shared/PageHeader';
import * as pageStyles from '../shared/pages.css';
import * as styles from './HomePage.css';

export interface HomePageProps {
  /** The visitor chat under the hero (the route lazily loads it after the page has rendered). */
  chat?: ReactNode;
  /**
   * Where "Start chatting" goes: the signed-in user's chat (/home) by default, the visitor chat
   * further down this page for a visitor. Never `/` itself, which is this page.
   */
  startChatTo?: string;
  /**
   * What follows the hero: HomeSections (the tools, why the studio, plans, questions). The route
   * hands them in deferred, loaded when about to be seen; stories and tests hand them in as is.
   */
  sections?: ReactNode;
}

/** `/`: what the studio offers (the hero, with the visitor chat), then `sections`. */
export function HomePage({ chat, startChatTo = paths.userHome, sections }: HomePageProps) {
  const { t } = useTranslation('home');

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

      {sections}
    </div>
  );
}
