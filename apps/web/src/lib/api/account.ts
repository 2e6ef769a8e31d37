import { browserStore, storageKeys, type KeyValueStore } from '../storage';

/*
 * The §3 Authentication account: read and written only by the sign-in code, which loads on
 * first use, so it stays out of the first load (session.ts is in it).
 */

/** How the user signed in, which decides how the token is kept fresh. */
export type AccountKind = 'first-party' | 'external';

/** §3 Authentication account, kept as JSON under `account`, with how the user signed in. */
export interface StoredAccount {
  homeAccountId: string;
  localAccountId: string;
  username: string;
  nativeAccountId: string | null;
  kind: AccountKind;
}

const accountKinds: readonly string[] = ['first-party', 'external'];

/** The stored account, or null when there is none or it is not one this app wrote. */
export function readStoredAccount(store: KeyValueStore = browserStore): StoredAccount | null {
  const raw = store.get(storageKeys.account);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { homeAccountId, localAccountId, username, nativeAccountId, kind } = value as Record<
      string,
      unknown
    >;
    if (
      typeof homeAccountId !== 'string' ||
      typeof localAccountId !== 'string' ||
      typeof username !== 'string' ||
      (nativeAccountId !== null && typeof nativeAccountId !== 'string') ||
      typeof kind !== 'string' ||
      !accountKinds.includes(kind)
    ) {
      return null;
    }
    return {
      homeAccountId,
      localAccountId,
      username,
      nativeAccountId,
      kind: kind as AccountKind,
    };
  } catch {
    return null;
  }
}

/** §3: the access token and the account, as a sign-in or a refresh leaves them. */
export function storeSession(store: KeyValueStore, token: string, account: StoredAccount): void {
  store.set(storageKeys.token, token);
  store.set(storageKeys.account, JSON.stringify(account));
}
