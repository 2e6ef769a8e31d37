import { describe, expect, it } from 'vitest';
import { createMemoryStore, storageKeys } from '../../../lib/storage';
import {
  clearUpgradeMarker,
  hasUpgradeMarker,
  MARKER_LIFETIME_MS,
  storeUpgradeMarker,
} from './postAuthMarker';

const now = Date.parse('2026-11-21T09:30:00.000Z');

describe('the post-auth marker (§2)', () => {
  it('is absent until stored, present after, gone once cleared', () => {
    const store = createMemoryStore();
    expect(hasUpgradeMarker(store, now)).toBe(false);
    storeUpgradeMarker(store, now);
    expect(hasUpgradeMarker(store, now + 1000)).toBe(true);
    // Reading does not consume it: the modal clears it once it is showing.
    expect(hasUpgradeMarker(store, now + 2000)).toBe(true);
    clearUpgradeMarker(store);
    expect(hasUpgradeMarker(store, now)).toBe(false);
    expect(store.get(storageKeys.upgradeAfterSignIn)).toBeNull();
  });

  it('goes stale: an abandoned sign-in does not reopen the modal the next day', () => {
    const store = createMemoryStore();
    storeUpgradeMarker(store, now);
    expect(hasUpgradeMarker(store, now + MARKER_LIFETIME_MS)).toBe(true);
    expect(hasUpgradeMarker(store, now + MARKER_LIFETIME_MS + 1)).toBe(false);
    // A clock that went backwards is not trusted either.
    expect(hasUpgradeMarker(store, now - 1)).toBe(false);
  });

  it('ignores values it did not write', () => {
    for (const value of ['1', 'true', '{"intent":"free","at":0}', '{"intent":"pro"}', '{']) {
      const store = createMemoryStore({ [storageKeys.upgradeAfterSignIn]: value });
      expect(hasUpgradeMarker(store, now), value).toBe(false);
    }
  });
});
