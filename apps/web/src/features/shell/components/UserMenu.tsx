import { IconButton } from '@studio/ui';
import { CircleUserRound, LogIn, LogOut, UserRoundCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DeferredMenu } from '../../../components/DeferredMenu';
import { accountLinks } from '../navigation';

export interface UserMenuProps {
  /** The signed-in user's name; null when signed out. */
  userName: string | null;
  /** Opens the login modal. */
  onSignIn: () => void;
  onSignOut: () => void;
}

/**
 * §2 user menu: profile, membership, plans; sign in (the login modal, signed out) or sign out
 * (signed in).
 */
export function UserMenu({ userName, onSignIn, onSignOut }: UserMenuProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <DeferredMenu
      align="end"
      trigger={
        <IconButton
          label={t('header.accountMenu')}
          // The icon says whether someone is signed in; the menu says who.
          icon={userName ? <UserRoundCheck size={20} /> : <CircleUserRound size={20} />}
        />
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>
            {userName ? t('header.signedInAs', { name: userName }) : t('header.signedOut')}
          </Menu.Label>
          {accountLinks.map((link) => (
            <Menu.Item key={link.to} onSelect={() => void navigate(link.to)}>
              {t(`nav.links.${link.label}`)}
            </Menu.Item>
          ))}
          <Menu.Separator />
          {userName ? (
            <Menu.Item icon={<LogOut size={16} />} onSelect={onSignOut}>
              {t('header.signOut')}
            </Menu.Item>
          ) : (
            <Menu.Item icon={<LogIn size={16} />} onSelect={onSignIn}>
              {t('header.signIn')}
            </Menu.Item>
          )}
        </>
      )}
    </DeferredMenu>
  );
}
