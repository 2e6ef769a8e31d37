import { Stack, Tabs } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../authService';
import * as styles from './auth.css';
import { EmailCodeForm } from './EmailCodeForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { SocialSignIn } from './SocialSignIn';

export const authTabs = ['login', 'register'] as const;
export type AuthTab = (typeof authTabs)[number];

function isAuthTab(value: string): value is AuthTab {
  return (authTabs as readonly string[]).includes(value);
}

export interface AuthPanelProps {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** Sign-in or registration finished. */
  onSignedIn: (user: AuthUser) => void;
  /** A link is leaving the panel (the modal closes). */
  onLeave?: () => void;
}

/**
 * What the login modal and the /login and /register pages share (§2): the Login and Register
 * tabs, each with the Microsoft, Google and Apple buttons and the e-mail forms; the Login tab
 * signs in with a password or with an e-mailed code.
 */
export function AuthPanel({ tab, onTabChange, onSignedIn, onLeave }: AuthPanelProps) {
  const { t } = useTranslation('auth');
  const [loginMode, setLoginMode] = useState<'password' | 'code'>('password');
  const social = (
    <>
      <SocialSignIn />
      <p className={styles.divider}>{t('panel.emailDivider')}</p>
    </>
  );
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        if (isAuthTab(value)) onTabChange(value);
      }}
    >
      <Tabs.List aria-label={t('panel.tabsLabel')} fullWidth>
        <Tabs.Trigger value="login">{t('panel.loginTab')}</Tabs.Trigger>
        <Tabs.Trigger value="register">{t('panel.registerTab')}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login">
        <Stack gap="lg">
          {social}
          {loginMode === 'password' ? (
            <LoginForm
              onSignedIn={onSignedIn}
              onUseCode={() => setLoginMode('code')}
              onLeave={onLeave}
            />
          ) : (
            <EmailCodeForm onSignedIn={onSignedIn} onUsePassword={() => setLoginMode('password')} />
          )}
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="register">
        <Stack gap="lg">
          {social}
          <RegisterForm onSignedIn={onSignedIn} />
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}
