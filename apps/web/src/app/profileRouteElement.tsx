/**
 * /profile's route element: hands the signed-in user and their preferences to the profile page
 * (with its shared links section). Loaded with the route, not with the first page.
 */
import { languages } from '@studio/contracts/options';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/hooks/useAuth';
import { usePreferences } from '../lib/preferences';
import { ProfileWithSharedLinks } from './ProfileWithSharedLinks';

export function ProfileRoute() {
  const auth = useAuth();
  const { language, currency, theme } = usePreferences();
  const { t } = useTranslation('ui');
  // Behind RequireAuth, so a user is there; null only for the instant a 401 signs them out.
  if (!auth.user) return null;
  return (
    <ProfileWithSharedLinks
      user={auth.user}
      preferences={{
        language: languages[language].name,
        currency,
        theme: t(`theme.names.${theme}`),
      }}
      onProfileChanged={() =>
        void auth.reloadUser().catch((error: unknown) => {
          console.warn('Reading the profile again failed; it shows the saved name.', error);
        })
      }
      onSignOutEverywhere={auth.signOutEverywhere}
      onAccountDeleted={auth.endSession}
    />
  );
}
