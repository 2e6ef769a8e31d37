import { studioTools } from '@studio/contracts/tools';
import { Card, Inline, Stack, Tiles } from '@studio/ui';
import { LayoutGrid, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { RouterLink } from '../../../components/RouterLink';
import { page } from '../../../components/styles.css';
import { toolIcons } from '../../../components/toolIcons';
import { paths } from '../../../lib/paths';
import type { AccountSummary } from '../types';
import * as styles from './account.css';

/**
 * The open tools with a page of their own, from the tool manifest, with its icons; their names
 * are their `services` texts. Not the chat: it is this page's own (its `/` is the landing page).
 */
const openTools = studioTools.flatMap((tool) =>
  tool.available && tool.path && tool.id !== 'chat'
    ? [{ id: tool.id, to: tool.path, icon: toolIcons[tool.icon] }]
    : [],
);

/** One link of the tools card: its icon, then its name. */
function ToolLink({ to, icon: Icon, name }: { to: string; icon: LucideIcon; name: string }) {
  return (
    <Inline as="li" gap="sm" color="accent">
      <Icon size={18} aria-hidden="true" />
      <RouterLink to={to}>{name}</RouterLink>
    </Inline>
  );
}

const account = [
  { label: 'library', to: paths.library },
  { label: 'profile', to: paths.profile },
  { label: 'membership', to: paths.membership },
  { label: 'plans', to: paths.plans },
] as const;

export interface UserHomePageProps {
  user: AccountSummary;
  /** The chat with the user's conversations (composed by the route). */
  workspace?: ReactNode;
  /** A notice over the page (the things this browser kept from before signing in). */
  notice?: ReactNode;
}

/** /home, the signed-in user's home: a greeting, their chat, their tools and their account. */
export function UserHomePage({ user, workspace, notice }: UserHomePageProps) {
  const { t } = useTranslation('common');
  const { t: tServices } = useTranslation('services');
  return (
    <div className={workspace ? styles.wide : page}>
      <PageHeader
        title={t('account.home.greeting', { name: user.displayName })}
        intro={t('account.home.intro')}
      />
      {notice}
      {workspace}
      <Tiles columns={{ mobile: 1, tablet: 2 }} space="lg">
        <Card as="section" title={t('account.home.toolsTitle')} headingLevel={2}>
          <Stack as="ul" gap="sm">
            <ToolLink to={paths.services} icon={LayoutGrid} name={t('nav.links.services')} />
            {openTools.map((tool) => (
              <ToolLink
                key={tool.id}
                to={tool.to}
                icon={tool.icon}
                name={tServices(`tools.${tool.id}.name`)}
              />
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
