import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's own memory adapter keeps every provider in the process in one module-level
 * LRU of 1,000 entries, which evicts live sessions in a long run and mixes the providers tests
 * create. This one gives each provider its own store, expires entries by their TTL and can be
 * cleared on close.
 */

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model did not give a TTL. */
  expiresAt: number;
}

/** Models whose entries belong to a grant (revoked together). */
const grantable = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** Sweep expired entries every this many writes, so an idle-but-running provider stays small. */
const sweepEvery = 500;

export class MemoryStore {
  readonly #entries = new Map<string, Entry>();
  /** Session uid → session id. */
  readonly #sessionUids = new Map<string, string>();
  /** Grant id → keys of the tokens issued under it. */
  readonly #grants = new Map<string, Set<string>>();
  #writes = 0;

  get(key: string): AdapterPayload | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  set(key: string, payload: AdapterPayload, expiresInSeconds: number): void {
    const expiresAt = expiresInSeconds > 0 ? Date.now() + expiresInSeconds * 1000 : Infinity;
    this.#entries.set(key, { payload, expiresAt });
    this.#writes += 1;
    if (this.#writes % sweepEvery === 0) this.sweep();
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  linkSessionUid(uid: string, id: string): void {
    this.#sessionUids.set(uid, id);
  }

  sessionIdFor(uid: string): string | undefined {
    return this.#sessionUids.get(uid);
  }

  linkToGrant(grantId: string, key: string): void {
    const keys = this.#grants.get(grantId) ?? new Set<string>();
    keys.add(key);
    this.#grants.set(grantId, keys);
  }

  revokeGrant(grantId: string): void {
    for (const key of this.#grants.get(grantId) ?? []) this.#entries.delete(key);
    this.#grants.delete(grantId);
  }

  clear(): void {
    this.#entries.clear();
    this.#sessionUids.clear();
    this.#grants.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
    for (const [uid, id] of this.#sessionUids) {
      if (!this.#entries.has(`Session:${id}`)) this.#sessionUids.delete(uid);
    }
    for (const [grantId, keys] of this.#grants) {
      for (const key of keys) if (!this.#entries.has(key)) keys.delete(key);
      if (keys.size === 0) this.#grants.delete(grantId);
    }
  }
}

/** The adapter factory oidc-provider calls once per model name. */
export function memoryAdapterFactory(store: MemoryStore) {
  return (model: string): Adapter => {
    const keyFor = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyFor(id);
        if (model === 'Session' && typeof payload.uid === 'string') {
          store.linkSessionUid(payload.uid, id);
        }
        if (grantable.has(model) && payload.grantId) store.linkToGrant(payload.grantId, key);
        store.set(key, payload, expiresIn);
      },
      async find(id) {
        return store.get(keyFor(id));
      },
      async findByUid(uid) {
        const id = store.sessionIdFor(uid);
        return id === undefined ? undefined : store.get(keyFor(id));
      },
      async findByUserCode() {
        // The device flow is not enabled: no user codes exist.
        return undefined;
      },
      async consume(id) {
        const payload = store.get(keyFor(id));
        // Marking in place: the entry keeps its TTL, and a second use sees `consumed`.
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(keyFor(id));
      },
      async revokeByGrantId(grantId) {
        store.revokeGrant(grantId);
      },
    };
  };
}
