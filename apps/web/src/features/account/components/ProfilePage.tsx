import type { UserProfile } from '@studio/contracts';
import { Card, formatDay, Stack, Text, useToast } from '@studio/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { page } from '../../../components/styles.css';
import { paths } from '../../../lib/paths';
import type { AccountSummary, PreferenceSummary } from '../types';
import * as styles from './account.css';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DisplayNameField } from './DisplayNameField';
import { SessionsSection } from './SessionsSection';

export interface ProfilePageProps {
  user: AccountSummary;
  preferences: PreferenceSummary;
  /** The display name was saved: the signed-in user's copy should follow. */
  onProfileChanged: (profile: UserProfile) => void;
  /** Ends every session of the user, this one included; rejects when the API refused. */
  onSignOutEverywhere: () => Promise<void>;
  /** The account is deleted: forget the session in this browser. */
  onAccountDeleted: () => void;
  /** A section another feature adds (the signed-in user's biometric devices), after the sessions. */
  biometricDevices?: ReactNode;
  /** A section another feature adds (the user's shared conversation links), after the devices. */
  sharedLinks?: ReactNode;
}

function Details({ rows }: { rows: ReadonlyArray<{ term: string; value: ReactNode }> }) {
  return (
    <dl className={styles.details}>
      {rows.map((row) => (
        <div key={row.term} className={styles.row}>
          <dt className={styles.term}>{row.term}</dt>
          <dd className={styles.definition}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /profile (§2, §3): who is signed in (display name editable), how they signed up and their
 * plan; their preferences; where they are signed in; their biometric devices; and deleting the
 * account.
 */
export function ProfilePage({
  user,
  preferences,
  onProfileChanged,
  onSignOutEverywhere,
  onAccountDeleted,
  biometricDevices,
  sharedLinks,
}: ProfilePageProps) {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const { toast } = useToast();
  // The name just saved, until the signed-in user's copy catches up (it is read again).
  const [saved, setSaved] = useState<{ over: string; name: string } | null>(null);
  const displayName = saved && saved.over === user.displayName ? saved.name : user.displayName;
  const language = i18n.resolvedLanguage ?? i18n.language;

  const rows = [
    {
      term: t('profile.displayName'),
      value: (
        <DisplayNameField
          value={displayName}
          onSaved={(profile) => {
            setSaved({ over: user.displayName, name: profile.displayName });
            onProfileChanged(profile);
          }}
        />
      ),
    },
    // No roles: they come from the identity service's token (§3) and change nothing the user
    // sees (§6), so "Roles: None" or "Roles: user" would only show an internal detail.
    { term: t('profile.userName'), value: user.userName },
    { term: t('profile.email'), value: user.email },
    { term: t('profile.provider'), value: t(`providers.${user.authProvider}`) },
    { term: t('profile.tier'), value: t(`tiers.${user.subscriptionTier}`) },
    { term: t('profile.memberSince'), value: formatDay(user.createdAt, language) },
  ];
  const preferenceRows = [
    { term: t('common:preferences.language.label'), value: preferences.language },
    { term: t('common:preferences.currency.label'), value: preferences.currency },
    { term: t('common:preferences.theme.label'), value: preferences.theme },
  ];

  return (
    <div className={page}>
      <PageHeader title={t('common:titles.profile')} intro={t('profile.intro')} />
      <Card as="section" title={t('profile.detailsTitle')} headingLevel={2}>
        <Details rows={rows} />
      </Card>
      <Card as="section" title={t('profile.preferences')} headingLevel={2}>
        <Stack gap="lg">
          <Details rows={preferenceRows} />
          <Text as="p" size="sm" tone="secondary">
            {t('profile.preferencesHint')}
          </Text>
        </Stack>
      </Card>
      <SessionsSection
        onSignOutEverywhere={async () => {
          await onSignOutEverywhere();
          void navigate(paths.home, { replace: true });
        }}
      />
      {biometricDevices}
      {sharedLinks}
      <DeleteAccountSection
        onDeleted={() => {
          // Leave the signed-in page first, so the guard has nothing to send to /login.
          void navigate(paths.home, { replace: true });
          onAccountDeleted();
          toast({ tone: 'success', title: t('deleteAccount.deleted') });
        }}
      />
    </div>
  );
}
