import { createContext, useContext } from 'react';
import type { Analytics } from '../lib/analytics';
import type { GeolocationFetcher } from '../lib/country';
import type { KeyValueStore } from '../lib/storage';
import type { AuthService } from '../features/auth/authService';

/** The app's connections to the outside world, swapped for doubles in tests and stories. */
export interface AppServices {
  store: KeyValueStore;
  analytics: Analytics;
  auth: AuthService;
  /** Asks an IP geolocation service; null turns country detection off. */
  geolocation: GeolocationFetcher | null;
  /** The browser's language setting, most preferred first (navigator.languages). */
  browserLanguages: readonly string[];
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices() must be used inside <AppProviders>.');
  return services;
}
