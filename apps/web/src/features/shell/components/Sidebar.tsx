import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { sidebarGroups, type NavGroup } from '../navigation';
import * as styles from './sidebar.css';

export interface SidebarProps {
  id: string;
  /** Small screens only: shown when the header's toggle opened it. Always shown on wide screens. */
  open: boolean;
  /** Called when a link is followed, so a small screen can fold the sidebar away. */
  onNavigate: () => void;
}

function Section({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <li>
      <span id={titleId} className={styles.sectionTitle}>
        {t(`nav.groups.${group.label}`)}
      </span>
      <ul className={styles.links} aria-labelledby={titleId}>
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={styles.link} onClick={onNavigate}>
              {t(`nav.links.${link.label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** §2: the sidebar's sections (AI tools, resources, support), each link a real route. */
export function Sidebar({ id, open, onNavigate }: SidebarProps) {
  const { t } = useTranslation('common');
  return (
    <nav id={id} aria-label={t('nav.sidebar')} className={styles.sidebar} data-open={open}>
      <ul className={styles.sections}>
        {sidebarGroups.map((group) => (
          <Section key={group.label} group={group} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
