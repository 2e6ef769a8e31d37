import { tokenExpiry } from '../../../lib/jwt';
import { storedToken } from '../../../lib/api/session';
import type { KeyValueStore } from '../../../lib/storage';

/** §9 token renewal offset: a token this close to expiry is renewed before it is sent. */
export const RENEWAL_OFFSET_SECONDS = 300;
/** §4, §9: tokens refresh silently every 30 minutes. */
export const REFRESH_INTERVAL_MS = 30 * 60 * 1000;
/** Held while one tab renews, so two tabs never present the same rotating refresh token. */
export const RENEWAL_LOCK = 'studio-auth-renewal';

/** The server or the identity service refused to renew: the session is over. */
export class SessionEndedError extends Error {
  constructor(options?: ErrorOptions) {
    super('The session has ended.', options);
    this.name = 'SessionEndedError';
  }
}

export interface TokenKeeperOptions {
  store: KeyValueStore;
  /**
   * Gets and stores a new token for the session: `force` asks for a new one from the server even
   * when a cached one is still good (the 30-minute timer). Throws SessionEndedError when the
   * session is over; any other failure (offline, a server error) leaves the current token in use.
   */
  renew(options: { force: boolean }): Promise<string>;
  /** The session is over: forget it and say so. */
  endSession(): void;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Locks shared by the origin's tabs (navigator.locks); null renews without one. */
  locks?: Pick<LockManager, 'request'> | null;
}

export interface TokenKeeper {
  /** The stored token, renewed first when it expires within RENEWAL_OFFSET_SECONDS. */
  freshToken(): Promise<string | null>;
  /** Renews now, whatever the expiry (the 30-minute timer). */
  renewNow(): Promise<string | null>;
  /** Starts the 30-minute timer (again). */
  start(): void;
  stop(): void;
}

function browserLocks(): Pick<LockManager, 'request'> | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
}

/**
 * Keeps the access token fresh (§4, §9): before any API request when it is about to expire, and
 * every 30 minutes. Renewals are shared: one at a time in this tab, and, through a Web Lock, one
 * at a time across tabs, each tab first checking whether another has just renewed.
 */
export function createTokenKeeper({
  store,
  renew,
  endSession,
  now = Date.now,
  locks = browserLocks(),
}: TokenKeeperOptions): TokenKeeper {
  let pending: Promise<string | null> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const isDue = (token: string) => {
    const expiry = tokenExpiry(token);
    // An unreadable token is left for the API to judge; the timer still renews it.
    return expiry !== null && expiry * 1000 - now() <= RENEWAL_OFFSET_SECONDS * 1000;
  };

  const attempt = async (startedWith: string | null, force: boolean): Promise<string | null> => {
    const current = storedToken(store);
    // Another tab renewed while this one waited for the lock: its token is good for us too.
    if (current !== null && current !== startedWith && !isDue(current)) return current;
    try {
      return await renew({ force });
    } catch (error) {
      if (error instanceof SessionEndedError) {
        endSession();
        return null;
      }
      console.warn('Renewing the access token failed; the current one is used.', error);
      return storedToken(store);
    }
  };

  const renewFrom = (startedWith: string | null, force: boolean): Promise<string | null> => {
    pending ??= (
      locks
        ? locks.request(RENEWAL_LOCK, () => attempt(startedWith, force))
        : attempt(startedWith, force)
    ).finally(() => {
      pending = null;
    });
    return pending;
  };

  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    async freshToken() {
      if (pending) return pending;
      const token = storedToken(store);
      if (token === null || !isDue(token)) return token;
      return renewFrom(token, false);
    },
    renewNow: () => renewFrom(storedToken(store), true),
    start() {
      stop();
      timer = setInterval(() => {
        const token = storedToken(store);
        // Signed out meanwhile (another tab, a 401): nothing to keep fresh.
        if (token === null) stop();
        else void renewFrom(token, true);
      }, REFRESH_INTERVAL_MS);
    },
    stop,
  };
}
