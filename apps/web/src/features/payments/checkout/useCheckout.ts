import { type PaymentProvider, type PricingResponse } from '@studio/contracts';
import { PAYMENT_ATTEMPTS } from '@studio/contracts/paymentOptions';
import { useToast } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import type { KeyValueStore } from '../../../lib/storage';
import {
  attemptsExceeded,
  readPaymentAttempts,
  recordPaymentFailure,
  remainingAttempts,
} from './attempts';
import {
  needsBiometricVerification,
  startCheckout,
  type CheckoutChoice,
  type CheckoutGateways,
} from './checkout';

export interface UseCheckoutOptions {
  store: KeyValueStore;
  redirect: (url: string) => void;
  gateways?: CheckoutGateways;
  /**
   * The API asked for a biometric verification first (403 verificationRequired): called instead
   * of counting a failed start, since nothing failed yet.
   */
  onVerificationRequired?: () => void;
}

export interface Checkout {
  /** The provider whose payment is being created (its button shows a spinner), else null. */
  pending: PaymentProvider | null;
  /** Failed payment starts so far (stored, §8). */
  attempts: number;
  /** At 10 failed starts nothing more starts (§9). */
  blocked: boolean;
  pay: (
    provider: PaymentProvider,
    choice: CheckoutChoice,
    pricing: PricingResponse | null,
  ) => Promise<void>;
}

/**
 * The payment step's provider buttons (§4, §8): one payment start at a time; on failure the §8
 * wrapper and what is left of the 3 attempts are toasted and the stored counter goes up.
 */
export function useCheckout({
  store,
  redirect,
  gateways,
  onVerificationRequired,
}: UseCheckoutOptions): Checkout {
  const { t } = useTranslation('payments');
  const describe = useErrorText();
  const { toast } = useToast();
  const [attempts, setAttempts] = useState(() => readPaymentAttempts(store));
  const [pending, setPending] = useState<PaymentProvider | null>(null);

  const pay: Checkout['pay'] = async (provider, choice, pricing) => {
    // Read again: another tab may have failed meanwhile.
    if (pending !== null || attemptsExceeded(readPaymentAttempts(store))) return;
    setPending(provider);
    try {
      await startCheckout({
        provider,
        choice,
        pricing,
        store,
        redirect,
        ...(gateways ? { gateways } : {}),
      });
      // The browser is on its way to the provider: the spinner stays until the page goes.
    } catch (error) {
      if (onVerificationRequired && needsBiometricVerification(error)) {
        setPending(null);
        onVerificationRequired();
        return;
      }
      const count = recordPaymentFailure(store);
      setAttempts(count);
      setPending(null);
      toast({
        tone: 'critical',
        title: t(`checkout.initFailed.${provider}`),
        description: describe(error),
      });
      toast({
        tone: 'warning',
        title: t('checkout.attemptsLeft', {
          remaining: remainingAttempts(count),
          total: PAYMENT_ATTEMPTS.toastOutOf,
        }),
      });
    }
  };

  return { pending, attempts, blocked: attemptsExceeded(attempts), pay };
}
