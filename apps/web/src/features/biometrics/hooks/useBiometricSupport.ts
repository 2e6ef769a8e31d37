import { useCallback, useSyncExternalStore } from 'react';
import { useCeremony } from '../ceremony';

/** §4 Biometric support: unknown until the browser has been asked, then one of the two. */
export type BiometricSupport = 'unknown' | 'supported' | 'unsupported';

// A browser does not gain or lose WebAuthn while the page is open: nothing to listen to.
const noChanges = () => () => undefined;
// Without a browser to ask (a server render) support is unknown.
const notAsked = (): BiometricSupport => 'unknown';

export function useBiometricSupport(): BiometricSupport {
  const ceremony = useCeremony();
  const ask = useCallback(
    (): BiometricSupport => (ceremony.supported() ? 'supported' : 'unsupported'),
    [ceremony],
  );
  return useSyncExternalStore(noChanges, ask, notAsked);
}
