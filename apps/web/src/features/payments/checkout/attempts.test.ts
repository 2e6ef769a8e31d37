import { describe, expect, it } from 'vitest';
import { createMemoryStore, storageKeys } from '../../../lib/storage';
import {
  attemptsExceeded,
  readPaymentAttempts,
  recordPaymentFailure,
  remainingAttempts,
  resetPaymentAttempts,
  showsAttemptsInfo,
} from './attempts';

describe('payment attempts (§8, §9)', () => {
  it('counts failed starts in local storage, from none', () => {
    const store = createMemoryStore();
    expect(readPaymentAttempts(store)).toBe(0);
    expect(recordPaymentFailure(store)).toBe(1);
    expect(recordPaymentFailure(store)).toBe(2);
    expect(store.get(storageKeys.paymentAttempts)).toBe('2');
    expect(readPaymentAttempts(store)).toBe(2);
  });

  it('treats an unreadable or negative stored value as none', () => {
    expect(readPaymentAttempts(createMemoryStore({ paymentAttempts: 'lots' }))).toBe(0);
    expect(readPaymentAttempts(createMemoryStore({ paymentAttempts: '-4' }))).toBe(0);
    const store = createMemoryStore({ paymentAttempts: 'NaN' });
    expect(recordPaymentFailure(store)).toBe(1);
  });

  it('resets only when asked (a completed payment)', () => {
    const store = createMemoryStore({ paymentAttempts: '7' });
    resetPaymentAttempts(store);
    expect(store.get(storageKeys.paymentAttempts)).toBeNull();
    expect(readPaymentAttempts(store)).toBe(0);
  });

  it('toasts what is left out of 3, never below 0', () => {
    expect([0, 1, 2, 3, 4, 10].map(remainingAttempts)).toEqual([3, 2, 1, 0, 0, 0]);
  });

  it('shows the info line above 0 and below 10, and blocks at 10 or more', () => {
    expect(showsAttemptsInfo(0)).toBe(false);
    expect(showsAttemptsInfo(1)).toBe(true);
    expect(showsAttemptsInfo(9)).toBe(true);
    expect(showsAttemptsInfo(10)).toBe(false);
    expect(attemptsExceeded(9)).toBe(false);
    expect(attemptsExceeded(10)).toBe(true);
    expect(attemptsExceeded(11)).toBe(true);
  });
});
