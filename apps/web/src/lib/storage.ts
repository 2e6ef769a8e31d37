/**
 * Local storage behind a small interface: reads and writes never throw (private browsing and full
 * quotas make localStorage throw), and tests and stories swap in an in-memory store.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Every key the app keeps in local storage (§3 "Stored locally"). */
export const storageKeys = {
  token: 'token',
  account: 'account',
  language: 'language',
  currency: 'currency',
  theme: 'theme',
  country: 'detectedCountry',
  pendingPayment: 'pendingPaymentTransactionId',
  /** §3, §8: how many payment starts have failed (the Pro modal's attempt counter). */
  paymentAttempts: 'paymentAttempts',
  /**
   * §2: the Pro modal sent the visitor away to sign in; back signed in, it reopens at the plan
   * step (features/payments/checkout/postAuthMarker).
   */
  upgradeAfterSignIn: 'upgradeAfterSignIn',
  /**
   * §3: a conversation's messages and title, per conversation id (chatStorageKey's form), kept
   * through lib/visitor's visitorLocalCollection.
   */
  chatMessages: 'chatMessages',
  chatTitle: 'chatTitle',
  /** The chat model last chosen, per user (chatStorageKey with the user id, or 'visitor'). */
  chatModel: 'chatModel',
  /**
   * A visitor's key (lib/visitor/visitorKey), for every tool: a visitor's jobs and their
   * results are readable with it only. Named for the image tools, which made it first: the name
   * stays so the browsers that keep one keep it.
   */
  imageVisitorKey: 'imageVisitorKey',
  /**
   * A signed-in user said "Not now" to moving this browser's things into their account, per
   * account (`libraryMoveDismissed:<user id>`): what the browser kept then, so the offer comes
   * back only when it keeps something newer (features/library/import/moveDismissal).
   */
  libraryMoveDismissed: 'libraryMoveDismissed',
} as const;

/** A per-conversation (or per-user) chat key: `chatMessages:<id>`. */
export function chatStorageKey(
  kind: 'chatMessages' | 'chatTitle' | 'chatModel',
  id: string,
): string {
  return `${storageKeys[kind]}:${id}`;
}

/**
 * Keys kept in session storage (this tab only): a redirect sign-in on its way to the identity
 * service, so the app knows to load MSAL and handle the answer when it comes back.
 */
export const sessionStorageKeys = {
  signInPending: 'signInPending',
} as const;

/** A store over a Web Storage object (localStorage by default). */
export function createWebStore(
  getStorage: () => Storage = () => window.localStorage,
): KeyValueStore {
  return {
    get(key) {
      try {
        return getStorage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        getStorage().setItem(key, value);
      } catch {
        // Storage unavailable or full: the preference lives for this visit only.
      }
    },
    remove(key) {
      try {
        getStorage().removeItem(key);
      } catch {
        // Nothing stored to remove.
      }
    },
  };
}

/** A store that forgets everything on reload: tests and stories. */
export function createMemoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

export const browserStore: KeyValueStore = createWebStore();
export const browserSessionStore: KeyValueStore = createWebStore(() => window.sessionStorage);
