import type { BrowserContextOptions } from '@playwright/test';

/**
 * The two screens the end-to-end checks look at a page on: a phone as Playwright's mobile
 * emulation gives it (a 390×844 touch screen at device scale 2, mobile viewport rules) and a
 * laptop (1366×768). One definition, so every spec means the same phone.
 */
export const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const satisfies BrowserContextOptions;

export const laptop = {
  viewport: { width: 1366, height: 768 },
} as const satisfies BrowserContextOptions;

export const screens = { phone, laptop } as const;
