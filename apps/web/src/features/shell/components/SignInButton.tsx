import { Button } from '@studio/ui';
import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface SignInButtonProps {
  /** Opens the login modal. */
  onClick: () => void;
}

/** The header's Sign in control for visitors who are not signed in (§2 Login modal). */
export function SignInButton({ onClick }: SignInButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Button size="sm" variant="secondary" icon={<LogIn size={16} />} onClick={onClick}>
      {t('header.signIn')}
    </Button>
  );
}
