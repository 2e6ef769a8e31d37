import type { BiometricCredential } from './credential';

/** Fixed sample authenticators for stories and tests (fixed dates keep snapshots stable). */
export const macbook: BiometricCredential = {
  credentialId: 'cred-macbook',
  credentialName: 'MacBook Pro Touch ID',
  deviceInfo: 'macOS 15 · Chrome 131',
  lastUsed: '2026-11-18T08:12:00Z',
  createdAt: '2026-03-14T09:30:00Z',
  isActive: true,
};

export const pixel: BiometricCredential = {
  credentialId: 'cred-pixel',
  credentialName: 'Pixel 9 fingerprint',
  deviceInfo: 'Android 16 · Chrome',
  lastUsed: null,
  createdAt: '2026-10-02T17:45:00Z',
  isActive: true,
};

export const yubikey: BiometricCredential = {
  credentialId: 'cred-yubikey',
  credentialName: 'YubiKey 5C',
  deviceInfo: 'Security key (USB-C)',
  lastUsed: '2026-06-01T12:00:00Z',
  createdAt: '2025-12-24T10:00:00Z',
  isActive: false,
};

export const sampleCredentials: BiometricCredential[] = [macbook, pixel, yubikey];

export const vietnameseCredentials: BiometricCredential[] = [
  {
    credentialId: 'cred-laptop',
    credentialName: 'Laptop công ty (vân tay)',
    deviceInfo: 'Windows 11 · Edge 131',
    lastUsed: '2026-11-20T02:05:00Z',
    createdAt: '2026-05-09T03:00:00Z',
    isActive: true,
  },
  {
    credentialId: 'cred-iphone',
    credentialName: 'iPhone của Linh – Face ID',
    deviceInfo: 'iOS 19 · Safari',
    lastUsed: null,
    createdAt: '2026-09-30T11:20:00Z',
    isActive: true,
  },
];
