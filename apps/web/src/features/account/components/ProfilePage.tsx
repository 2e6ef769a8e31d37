import { Card } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { page } from '../../../components/styles.css';
import type { AccountSummary, PreferenceSummary } from '../types';
import * as styles from './account.css';

export interface ProfilePageProps {
  user: AccountSummary;
  preferences: PreferenceSummary;
}

/** /profile: who is signed in, and the preferences this browser keeps for them. */
export function ProfilePage({ user, preferences }: ProfilePageProps) {
  const { t } = useTranslation('common');
  const rows = [
    { term: t('account.profile.displayName'), value: user.displayName },
    { term: t('account.profile.userName'), value: user.userName },
    { term: t('account.profile.email'), value: user.email },
    {
      term: t('account.profile.roles'),
      value: user.roles.length > 0 ? user.roles.join(', ') : t('account.profile.noRoles'),
    },
  ];
  const preferenceRows = [
    { term: t('preferences.language.label'), value: preferences.language },
    { term: t('preferences.currency.label'), value: preferences.currency },
    { term: t('preferences.theme.label'), value: preferences.theme },
  ];
  return (
    <div className={page}>
      <PageHeader title={t('titles.profile')} intro={t('account.profile.intro')} />
      <Card as="section" title={user.displayName} headingLevel={2}>
        <dl className={styles.details}>
          {rows.map((row) => (
            <div key={row.term} className={styles.row}>
              <dt className={styles.term}>{row.term}</dt>
              <dd className={styles.definition}>{row.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card as="section" title={t('account.profile.preferences')} headingLevel={2}>
        <dl className={styles.details}>
          {preferenceRows.map((row) => (
            <div key={row.term} className={styles.row}>
              <dt className={styles.term}>{row.term}</dt>
              <dd className={styles.definition}>{row.value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.hint}>{t('account.profile.preferencesHint')}</p>
      </Card>
    </div>
  );
}
