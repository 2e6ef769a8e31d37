import { Modal } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AuthPanel, type AuthTab } from './AuthPanel';
import { signInDestination } from './signInDestination';

export interface LoginModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab it opens on; Login by default. */
  defaultTab?: AuthTab;
}

/**
 * §2 Login modal: the sign-in panel in a dialog. Escape closes it and page scroll is locked while
 * it is open (Modal); after signing in it closes and goes to /profile (/home from an /auth/ page).
 */
export function LoginModal({ open, onOpenChange, defaultTab = 'login' }: LoginModalProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [tab, setTab] = useState<AuthTab>(defaultTab);
  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
      <Modal.Content title={t('panel.heading')} description={t('panel.intro')}>
        <Modal.Body>
          <AuthPanel
            tab={tab}
            onTabChange={setTab}
            onSignedIn={() => {
              onOpenChange(false);
              void navigate(signInDestination(null, pathname));
            }}
            onLeave={() => onOpenChange(false)}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
