import type { LibraryItem } from '@studio/contracts';
import { storageKeys } from '../../../lib/storage';

/**
 * What this browser kept when a signed-in user said "Not now" to moving it into their account:
 * how many things, and when the newest was made.
 */
export interface MoveDismissal {
  count: number;
  /** ISO 8601; null when nothing was kept (a dismissal that hides nothing new). */
  newest: string | null;
}

/** Where a user's dismissal is kept in this browser: one per account. */
export function moveDismissalKey(account: string): string {
  return `${storageKeys.libraryMoveDismissed}:${account}`;
}

const timeOf = (iso: string): number => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
};

/** What to remember when the user says "Not now" to these things. */
export function dismissalOf(things: readonly LibraryItem[]): MoveDismissal {
  let newest: string | null = null;
  for (const { createdAt } of things) {
    if (newest === null || timeOf(createdAt) > timeOf(newest)) newest = createdAt;
  }
  return { count: things.length, newest };
}

/**
 * Whether the offer stays quiet: the user said "Not now", and the browser has gained nothing
 * since (nothing newer than the newest then, and no more things than then). A thing made later,
 * as a visitor again, brings the offer back; things moved or deleted since keep it quiet.
 */
export function isMoveDismissed(
  things: readonly LibraryItem[],
  dismissal: MoveDismissal | null,
): boolean {
  if (!dismissal) return false;
  if (things.length > dismissal.count) return false;
  const since = dismissal.newest === null ? -Infinity : timeOf(dismissal.newest);
  return things.every(({ createdAt }) => timeOf(createdAt) <= since);
}

/** A stored dismissal read back; anything malformed counts as none (the offer shows). */
export function readMoveDismissal(stored: string | null): MoveDismissal | null {
  if (stored === null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const { count, newest } = value as Record<string, unknown>;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null;
    if (newest !== null && typeof newest !== 'string') return null;
    return { count, newest };
  } catch {
    return null;
  }
}
