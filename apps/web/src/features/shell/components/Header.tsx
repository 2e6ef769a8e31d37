import { Button, IconButton } from '@studio/ui';
import { CircleHelp, PanelLeftClose, PanelLeftOpen, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { headerGroups, helpLinks } from '../navigation';
import * as styles from './header.css';
import type { SidebarToggle } from './Layout';
import { LinkMenu } from './LinkMenu';
import { Logo } from './Logo';

export interface HeaderProps {
  sidebar: SidebarToggle;
  /** The currency, language and theme controls. */
  preferences: ReactNode;
  /** The user menu. */
  userMenu: ReactNode;
  /** The Pro button: opens the upgrade modal with intent pro (§2). */
  onPro: () => void;
}

/**
 * §2 header: logo, the four menu groups, the preferences, the help menu, the Pro button and the
 * user menu. The Pro button asks the app to open the upgrade modal (loaded on first use).
 */
export function Header({ sidebar, preferences, userMenu, onPro }: HeaderProps) {
  const { t } = useTranslation('common');
  return (
    <header className={styles.header}>
      <IconButton
        className={styles.sidebarToggle}
        label={t(sidebar.open ? 'nav.closeSidebar' : 'nav.openSidebar')}
        icon={sidebar.open ? <PanelLeftClose size={20} /> : <PanelLeftOpen size={20} />}
        aria-expanded={sidebar.open}
        aria-controls={sidebar.controls}
        onClick={sidebar.toggle}
      />
      <Link to={paths.home} className={styles.brand} aria-label={t('header.homeLink')}>
        <span className={styles.brandMark}>
          <Logo />
        </span>
        {t('app.name')}
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
        {preferences}
        <LinkMenu
          label={t('header.helpMenu')}
          links={helpLinks}
          trigger={<IconButton label={t('header.helpMenu')} icon={<CircleHelp size={20} />} />}
        />
        <Button size="sm" icon={<Sparkles size={16} />} onClick={onPro}>
          {t('header.pro')}
        </Button>
        {userMenu}
      </div>
    </header>
  );
}
