import { lazy, Suspense } from 'react';
import { useAuth } from '../features/auth/hooks/useAuth';

// The device manager (WebAuthn and its texts) is its own chunk; lazy() waits for a render, so
// the fetch starts when this (lazily loaded) module does, beside the profile's data (no
// waterfall).
const biometricDevicesModule = import('../features/biometrics/components/BiometricDevicesSection');
const BiometricDevicesSection = lazy(() =>
  biometricDevicesModule.then((module) => ({ default: module.BiometricDevicesSection })),
);

/**
 * The profile's biometric devices section: they belong to the signed-in account (the page sits
 * behind the sign-in guard), so nothing shows without one.
 */
export function ProfileBiometricDevices() {
  const userId = useAuth().user?.id ?? null;
  if (!userId) return null;
  return (
    // Its own boundary: the profile shows while the device manager loads.
    <Suspense fallback={null}>
      <BiometricDevicesSection userId={userId} />
    </Suspense>
  );
}
