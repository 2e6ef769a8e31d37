import { Card, Stack, Tiles } from '@studio/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { RouterLink } from '../../../components/RouterLink';
import { page } from '../../../components/styles.css';
import { paths } from '../../../lib/paths';
import type { AccountSummary } from '../types';
import * as styles from './account.css';

const tools = [
  { label: 'services', to: paths.services },
  { label: 'imagen', to: paths.imagen },
  { label: 'officeTools', to: paths.officeTools },
  { label: 'anime', to: paths.anime },
] as const;

const account = [
  { label: 'profile', to: paths.profile },
  { label: 'membership', to: paths.membership },
  { label: 'plans', to: paths.plans },
] as const;

export interface UserHomePageProps {
  user: AccountSummary;
  /** The chat with the user's conversations (composed by the route). */
  workspace?: ReactNode;
}

/** /home, the signed-in user's home: a greeting, their chat, their tools and their account. */
export function UserHomePage({ user, workspace }: UserHomePageProps) {
  const { t } = useTranslation('common');
  return (
    <div className={workspace ? styles.wide : page}>
      <PageHeader
        title={t('account.home.greeting', { name: user.displayName })}
        intro={t('account.home.intro')}
      />
      {workspace}
      <Tiles columns={{ mobile: 1, tablet: 2 }} space="lg">
        <Card as="section" title={t('account.home.toolsTitle')} headingLevel={2}>
          <Stack as="ul" gap="sm">
            {tools.map((link) => (
              <li key={link.to}>
                <RouterLink to={link.to}>{t(`nav.links.${link.label}`)}</RouterLink>
              </li>
            ))}
          </Stack>
        </Card>
        <Card as="section" title={t('account.home.accountTitle')} headingLevel={2}>
          <Stack as="ul" gap="sm">
            {account.map((link) => (
              <li key={link.to}>
                <RouterLink to={link.to}>{t(`nav.links.${link.label}`)}</RouterLink>
              </li>
            ))}
          </Stack>
        </Card>
      </Tiles>
    </div>
  );
}
