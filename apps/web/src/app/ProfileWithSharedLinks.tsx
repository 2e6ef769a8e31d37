import { Suspense } from 'react';
import { ProfilePage, type ProfilePageProps } from '../features/account/components/ProfilePage';
import { SharedLinksSection } from '../features/conversations/components/SharedLinksSection';
import { ProfileBiometricDevices } from './ProfileBiometricDevices';

/**
 * /profile with the user's biometric devices and shared conversation links in its slots: the app
 * composes the three features (they do not import each other). Loaded lazily as one chunk, so
 * the first load of / carries nothing of them.
 */
export function ProfileWithSharedLinks(
  props: Omit<ProfilePageProps, 'sharedLinks' | 'biometricDevices'>,
) {
  return (
    <ProfilePage
      {...props}
      biometricDevices={<ProfileBiometricDevices />}
      sharedLinks={
        // Its own boundary: the profile shows while the links' translations load.
        <Suspense fallback={null}>
          <SharedLinksSection />
        </Suspense>
      }
    />
  );
}
