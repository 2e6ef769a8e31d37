import type { BillingPeriod } from '@studio/contracts';
import { createContext, useContext } from 'react';

/**
 * Opening the Pro upgrade modal from anywhere in the app: AppLayout hosts the modal (loaded on
 * first use) and provides this; the header's Pro button, /plans, /membership, /payment/callback
 * and the tools' locked models and daily limits ask it to open. Kept apart from the modal (and
 * in lib, since features never import each other) so asking costs no download.
 */
export interface UpgradeRequest {
  /**
   * Where to start for a signed-in user: the plan step (default) or straight to payment when the
   * plan was already chosen elsewhere. Someone signed out always starts at sign-in.
   */
  step?: 'plan' | 'payment';
  /** The period and GodMode already chosen (on /plans, or to renew the same period). */
  choice?: { period: BillingPeriod; godmode: boolean };
}

export interface UpgradeModalControls {
  open: (request?: UpgradeRequest) => void;
}

export const UpgradeModalContext = createContext<UpgradeModalControls | null>(null);

/** The app's upgrade modal; null outside AppLayout (a page rendered alone in a test or story). */
export function useUpgradeModal(): UpgradeModalControls | null {
  return useContext(UpgradeModalContext);
}
