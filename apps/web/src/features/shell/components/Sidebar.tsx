import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { sidebarGroups, type NavGroup } from '../navigation';
import * as styles from './sidebar.css';

function Section({ group }: { group: NavGroup }) {
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
            <NavLink to={link.to} className={styles.link}>
              {t(`nav.links.${link.label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * §2: the sidebar's sections (AI tools, resources, support), each link a real route. Wide
 * screens only: below that the header's drawer holds the same links in its menu groups.
 */
export function Sidebar() {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('nav.sidebar')} className={styles.sidebar}>
      <ul className={styles.sections}>
        {sidebarGroups.map((group) => (
          <Section key={group.label} group={group} />
        ))}
      </ul>
    </nav>
  );
}
