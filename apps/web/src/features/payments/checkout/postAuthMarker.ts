import { storageKeys, type KeyValueStore } from '../../../lib/storage';

/**
 * §2 post-auth marker: stored when the Pro modal sends the visitor to sign in, so that back from
 * the identity service (a full-page redirect that forgets every React state) the app reopens the
 * modal at the plan step. It is consumed once, and it goes stale: someone who abandoned the sign-in
 * and signs in tomorrow from the header should not be met by the upgrade modal.
 */

/** How long a marker stays good: a sign-in round trip, with room for a slow MFA prompt. */
export const MARKER_LIFETIME_MS = 30 * 60 * 1000;

interface StoredMarker {
  intent: 'pro';
  at: number;
}

function parse(value: string | null): StoredMarker | null {
  // Compact on purpose: this module is part of the first load (AppLayout reads the marker).
  try {
    const marker = JSON.parse(value ?? '') as Partial<StoredMarker> | null;
    return marker?.intent === 'pro' && typeof marker.at === 'number'
      ? (marker as StoredMarker)
      : null;
  } catch {
    // Absent, not ours, or corrupted: no marker.
    return null;
  }
}

/** Remembers that the upgrade should continue after sign-in. */
export function storeUpgradeMarker(store: KeyValueStore, now: number = Date.now()): void {
  const marker: StoredMarker = { intent: 'pro', at: now };
  store.set(storageKeys.upgradeAfterSignIn, JSON.stringify(marker));
}

export function clearUpgradeMarker(store: KeyValueStore): void {
  store.remove(storageKeys.upgradeAfterSignIn);
}

/**
 * Whether a fresh marker is stored. Only reads: the modal clears it once it shows to the
 * signed-in user (or when it closes), so it reopens once per sign-in.
 */
export function hasUpgradeMarker(store: KeyValueStore, now: number = Date.now()): boolean {
  const marker = parse(store.get(storageKeys.upgradeAfterSignIn));
  if (!marker) return false;
  const age = now - marker.at;
  return age >= 0 && age <= MARKER_LIFETIME_MS;
}
