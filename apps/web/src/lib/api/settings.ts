import { paths } from '../paths';
import { browserStore, type KeyValueStore } from '../storage';

/**
 * What the API clients need from the running app; main.tsx fills it in at start. Kept apart
 * from the clients so that configuring them does not load the clients before the first request
 * needs them.
 */
export interface ApiSettings {
  /** Resolves to the API base URL (runtime config, §7); awaited by every request. */
  baseUrl: () => Promise<string>;
  /** The current interface language, sent as Accept-Language. */
  language: () => string;
  /** The path the visitor is on, to tell public pages (§6) from the rest. */
  currentPath: () => string;
  /** Sends the visitor to the login page, remembering where they were. */
  redirectToLogin: (from: string) => void;
  store: KeyValueStore;
  /**
   * The bearer token to send, renewed first when it is about to expire (§9: 300 s), so a laptop
   * waking from sleep does not meet a 401. Without it the stored token is sent as it is.
   */
  freshToken?: () => Promise<string | null>;
}

export const apiSettings: ApiSettings = {
  baseUrl: async () => import.meta.env.VITE_API_BASE_URL ?? '',
  language: () => document.documentElement.lang || 'en',
  currentPath: () => window.location.pathname,
  redirectToLogin: () => window.location.assign(paths.login),
  store: browserStore,
};

/** Replaces some of the settings (main.tsx at start; tests). */
export function configureApi(settings: Partial<ApiSettings>): void {
  Object.assign(apiSettings, settings);
}
