import { PAYMENT_ATTEMPTS } from '@studio/contracts/paymentOptions';
import { storageKeys, type KeyValueStore } from '../../../lib/storage';

/**
 * §8/§9 payment attempts: a stored count of payment starts that failed. Each failure toasts what
 * is left out of 3; an info line shows while the count is above 0 and below 10; at 10 no further
 * attempt starts. Only a completed payment resets it (the /payment/callback page).
 */

/** The stored count; anything unreadable counts as none. */
export function readPaymentAttempts(store: KeyValueStore): number {
  const stored = Number.parseInt(store.get(storageKeys.paymentAttempts) ?? '', 10);
  return Number.isFinite(stored) && stored > 0 ? stored : 0;
}

/** One more failed start: stores and returns the new count. */
export function recordPaymentFailure(store: KeyValueStore): number {
  const attempts = readPaymentAttempts(store) + 1;
  store.set(storageKeys.paymentAttempts, String(attempts));
  return attempts;
}

/** A payment went through: the count starts again. */
export function resetPaymentAttempts(store: KeyValueStore): void {
  store.remove(storageKeys.paymentAttempts);
}

/** What the failure toast counts down: out of 3, never below 0. */
export function remainingAttempts(attempts: number): number {
  return Math.max(0, PAYMENT_ATTEMPTS.toastOutOf - attempts);
}

/** At 10 failed starts the payment buttons stop starting payments. */
export function attemptsExceeded(attempts: number): boolean {
  return attempts >= PAYMENT_ATTEMPTS.blockedAt;
}

/** The info line shows above 0 and below 10 (the exceeded message takes over at 10). */
export function showsAttemptsInfo(attempts: number): boolean {
  return attempts > 0 && !attemptsExceeded(attempts);
}
