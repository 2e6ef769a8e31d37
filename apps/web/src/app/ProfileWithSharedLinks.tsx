import { Suspense } from 'react';
import { ProfilePage, type ProfilePageProps } from '../features/account/components/ProfilePage';
import { SharedLinksSection } from '../features/conversations/components/SharedLinksSection';

/**
 * /profile with the user's shared conversation links in its slot: the app composes the two
 * features (they do not import each other). Loaded lazily as one chunk, so the first load of /
 * carries nothing of either.
 */
export function ProfileWithSharedLinks(props: Omit<ProfilePageProps, 'sharedLinks'>) {
  return (
    <ProfilePage
      {...props}
      sharedLinks={
        // Its own boundary: the profile shows while the links' translations load.
        <Suspense fallback={null}>
          <SharedLinksSection />
        </Suspense>
      }
    />
  );
}
