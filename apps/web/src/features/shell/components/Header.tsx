import { Button, buttonStyles, IconButton } from '@studio/ui';
import { BadgeCheck, CircleHelp, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { headerGroups, helpLinks } from '../navigation';
import * as styles from './header.css';
import { LinkMenu } from './LinkMenu';
import { Logo } from './Logo';
import { MenuDrawerButton } from './MenuDrawerButton';

export interface HeaderProps {
  /** The currency, language and theme controls. */
  preferences: ReactNode;
  /** The user menu. */
  userMenu: ReactNode;
  /**
   * The Sign in button, for visitors. When given, a phone shows it instead of the user menu:
   * the compact header has room for one of the two, and a visitor needs the sign-in.
   */
  signIn?: ReactNode;
  /** The Pro button: opens the upgrade modal with intent pro (§2). */
  onPro: () => void;
  /**
   * The signed-in user's plan is Pro: the Pro button, which would sell them what they have,
   * becomes a link to their membership saying so.
   */
  pro?: boolean;
}

/**
 * §2 header: logo, the four menu groups, the preferences, the help menu, the Pro button and the
 * user menu. Below the shell's wide width it is one row: logo, Pro, sign-in or the user menu,
 * and a menu button opening a drawer with the menu groups and the preferences (loaded when
 * first opened). The Pro button asks the app to open the upgrade modal (loaded on first use).
 */
export function Header({ preferences, userMenu, signIn, onPro, pro = false }: HeaderProps) {
  const { t } = useTranslation('common');
  return (
    <header className={styles.header}>
      <Link to={paths.home} className={styles.brand} aria-label={t('header.homeLink')}>
        <span className={styles.brandMark}>
          <Logo />
        </span>
        <span className={styles.brandName}>{t('app.name')}</span>
      </Link>
      <nav className={styles.nav} aria-label={t('nav.mainMenu')}>
        <ul className={styles.navList}>
          {headerGroups.map((group) => (
            <li key={group.label}>
              <LinkMenu label={t(`nav.groups.${group.label}`)} links={group.links} />
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.actions}>
        <div className={styles.wideOnly}>
          {preferences}
          <LinkMenu
            label={t('header.helpMenu')}
            links={helpLinks}
            trigger={<IconButton label={t('header.helpMenu')} icon={<CircleHelp size={20} />} />}
          />
        </div>
        {pro ? (
          <Link
            to={paths.membership}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            aria-label={t('header.proMember')}
          >
            <BadgeCheck size={16} aria-hidden="true" />
            <span className={styles.wideText}>{t('header.proMemberShort')}</span>
            <span className={styles.compactText}>{t('header.proShort')}</span>
          </Link>
        ) : (
          <Button
            size="sm"
            icon={<Sparkles size={16} />}
            onClick={onPro}
            aria-label={t('header.pro')}
          >
            {/* A phone shows "Pro" alone (part of the name, WCAG 2.5.3) to keep one row. */}
            <span className={styles.wideText}>{t('header.pro')}</span>
            <span className={styles.compactText}>{t('header.proShort')}</span>
          </Button>
        )}
        {signIn}
        {signIn ? <div className={styles.wideOnly}>{userMenu}</div> : userMenu}
        <span className={styles.compactOnly}>
          <MenuDrawerButton />
        </span>
      </div>
    </header>
  );
}
