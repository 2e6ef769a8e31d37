import { currencies, currencyCodes, languageCodes, languages } from '@studio/contracts/options';
import { Modal, Select, Stack, ThemePicker } from '@studio/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { usePreferences } from '../../../lib/preferences';
import { headerGroups, type NavGroup } from '../navigation';
import * as styles from './menuDrawer.css';
import * as sidebarStyles from './sidebar.css';

export interface MenuDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function Group({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <li>
      <span id={titleId} className={sidebarStyles.sectionTitle}>
        {t(`nav.groups.${group.label}`)}
      </span>
      <ul className={sidebarStyles.links} aria-labelledby={titleId}>
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={sidebarStyles.link} onClick={onNavigate}>
              {t(`nav.links.${link.label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** English and Tiếng Việt as two radios, each named in its own language. */
function LanguageChoice() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = usePreferences();
  const name = useId();
  return (
    <fieldset className={styles.languages}>
      <legend className={styles.legend}>{t('preferences.language.label')}</legend>
      {languageCodes.map((code) => (
        <label key={code} className={styles.language} lang={code}>
          <input
            type="radio"
            className={styles.radio}
            name={name}
            value={code}
            checked={language === code}
            onChange={() => setLanguage(code)}
          />
          {languages[code].name}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The compact header's drawer (a side sheet on the design system's dialog): the four §2 menu
 * groups as links, then the preferences (language, currency, theme) as plain form controls, which
 * suit a touch screen better than the desktop header's dropdowns. Following a link closes it;
 * Escape closes it too and focus returns to the menu button (Modal).
 */
export function MenuDrawer({ open, onOpenChange }: MenuDrawerProps) {
  const { t } = useTranslation('common');
  const { currency, setCurrency, theme, setTheme } = usePreferences();
  const preferencesId = useId();
  const close = () => onOpenChange(false);
  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
      <Modal.Content title={t('header.menuTitle')} placement="end" size="sm">
        <Modal.Body>
          <Stack gap="xl">
            <nav aria-label={t('nav.mainMenu')}>
              <ul className={styles.groups}>
                {headerGroups.map((group) => (
                  <Group key={group.label} group={group} onNavigate={close} />
                ))}
              </ul>
            </nav>
            <section className={styles.preferences} aria-labelledby={preferencesId}>
              <h3 id={preferencesId} className={styles.preferencesTitle}>
                {t('header.preferences')}
              </h3>
              <LanguageChoice />
              <Select
                label={t('preferences.currency.label')}
                placeholder={false}
                value={currency}
                onChange={(event) => setCurrency(event.target.value)}
                options={currencyCodes.map((code) => ({
                  value: code,
                  label: `${currencies[code].symbol} ${code} · ${t(`preferences.currency.names.${code}`)}`,
                }))}
              />
              <ThemePicker value={theme} onChange={setTheme} layout="grid" />
            </section>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
