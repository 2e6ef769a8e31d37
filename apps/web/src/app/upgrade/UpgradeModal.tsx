import type { BillingPeriod, PaymentProvider } from '@studio/contracts';
import { Button, Modal, Stack, StepIndicator } from '@studio/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import type { KeyValueStore } from '../../lib/storage';
import { useAuth } from '../../features/auth/hooks/useAuth';
import type { PaymentGate } from '../../features/biometrics/components/PaymentVerification';
import { usePreferences } from '../../lib/preferences';
import {
  assignLocation,
  type CheckoutChoice,
  type CheckoutGateways,
} from '../../features/payments/checkout/checkout';
import {
  clearUpgradeMarker,
  storeUpgradeMarker,
} from '../../features/payments/checkout/postAuthMarker';
import { useCheckout } from '../../features/payments/checkout/useCheckout';
import { usePaymentMethods } from '../../features/payments/api/getPaymentMethods';
import { usePricing } from '../../features/payments/api/getPricing';
import { AuthStep } from './AuthStep';
import { PaymentStep } from '../../features/payments/components/upgrade/PaymentStep';
import { PlanStep, type PlanChoice } from '../../features/payments/components/upgrade/PlanStep';

// The biometric verification (WebAuthn, the device manager, its texts) is not part of the
// modal's first step; it is fetched while a signed-in user chooses a plan, so the payment step
// does not wait for it (no waterfall).
const loadPaymentVerification = () =>
  import('../../features/biometrics/components/PaymentVerification');
const PaymentVerification = lazy(() =>
  loadPaymentVerification().then((module) => ({ default: module.PaymentVerification })),
);

const openGate: PaymentGate = { locked: false, reason: null, managing: false };

export const upgradeSteps = ['auth', 'plan', 'payment'] as const;
export type UpgradeStep = (typeof upgradeSteps)[number];

export interface UpgradeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Local storage: the attempt counter, the pending payment, the post-auth marker. */
  store: KeyValueStore;
  /** The plan chosen when it opens: the header's Pro button opens it with intent pro (§2). */
  intent?: PlanChoice;
  /**
   * The step it opens at. The auth step is skipped for someone signed in (the plan step
   * instead); the payment step needs an account, so signed out it shows the auth step.
   */
  initialStep?: UpgradeStep;
  /** The period and GodMode already chosen elsewhere (/plans, a renewal); Pro is implied. */
  initialChoice?: CheckoutChoice;
  /** Sends the browser to the provider; window.location.assign by default. */
  redirect?: (url: string) => void;
  /** The create calls; the API's by default. */
  gateways?: CheckoutGateways;
}

/**
 * §2 Pro upgrade modal: Sign in → Plan → Payment under a step indicator. Escape closes it and the
 * page does not scroll behind it (Modal). Its state starts afresh each time it opens.
 */
export function UpgradeModal({ open, onOpenChange, ...flow }: UpgradeModalProps) {
  const { t } = useTranslation('payments');
  const close = () => onOpenChange(false);
  return (
    <Modal.Root
      open={open}
      onOpenChange={(next) => {
        // Closed without finishing a redirect sign-in: nothing should reopen it later.
        if (!next) clearUpgradeMarker(flow.store);
        onOpenChange(next);
      }}
    >
      <Modal.Content title={t('modal.title')} description={t('modal.description')} size="lg">
        {open ? <UpgradeFlow {...flow} onClose={close} /> : null}
      </Modal.Content>
    </Modal.Root>
  );
}

type UpgradeFlowProps = Omit<UpgradeModalProps, 'open' | 'onOpenChange'> & {
  onClose: () => void;
};

function UpgradeFlow({
  store,
  intent = 'pro',
  initialStep = 'auth',
  initialChoice,
  redirect = assignLocation,
  gateways,
  onClose,
}: UpgradeFlowProps) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const auth = useAuth();
  const { currency } = usePreferences();
  const pricing = usePricing();
  const methods = usePaymentMethods();
  // §2 step 3: the biometric verification's hold on the provider buttons, and the API's requests
  // for one (a 403 verificationRequired to a payment start, which is not a failed start).
  const [gate, setGate] = useState<PaymentGate>(openGate);
  const [verificationDemand, setVerificationDemand] = useState(0);
  const checkout = useCheckout({
    store,
    redirect,
    ...(gateways ? { gateways } : {}),
    onVerificationRequired: () => setVerificationDemand((n) => n + 1),
  });
  const signedIn = auth.status === 'authenticated';

  const [requested, setRequested] = useState<UpgradeStep>(initialStep);
  const [notice, setNotice] = useState<string | null>(null);
  const [plan, setPlan] = useState<PlanChoice>(initialChoice ? 'pro' : intent);
  const [period, setPeriod] = useState<BillingPeriod>(initialChoice?.period ?? 'monthly');
  const [godmode, setGodmode] = useState(initialChoice?.godmode ?? false);

  // §2: the post-auth marker has done its work once the modal shows to someone signed in.
  useEffect(() => {
    if (signedIn) clearUpgradeMarker(store);
  }, [signedIn, store]);

  // §2: signed in, the auth step is done (after the e-mail code, or a sign-in elsewhere); the
  // payment step needs an account, so signing out there goes back to signing in.
  const step: UpgradeStep =
    requested === 'auth' && signedIn
      ? 'plan'
      : requested === 'payment' && !signedIn
        ? 'auth'
        : requested;

  useEffect(() => {
    if (signedIn && step !== 'auth') void loadPaymentVerification();
  }, [signedIn, step]);

  const goTo = (next: UpgradeStep) => {
    if (next !== 'auth') setNotice(null);
    setRequested(next);
  };

  const back = () => {
    if (step === 'payment') goTo('plan');
    // §4: back from plan goes to auth when signed out, otherwise closes.
    else if (step === 'plan' && !signedIn) goTo('auth');
    else onClose();
  };

  const proceed = () => {
    if (plan === 'free') {
      onClose();
      void navigate(paths.userHome);
      return;
    }
    if (!signedIn) {
      setNotice(t('auth.mustBeLoggedIn'));
      setRequested('auth');
      return;
    }
    goTo('payment');
  };

  const choice = { period, godmode: plan === 'pro' && godmode };
  const catalogue = pricing.status === 'success' ? pricing.data : null;
  const pay = (provider: PaymentProvider) => void checkout.pay(provider, choice, catalogue);

  return (
    <>
      <Modal.Body>
        {/* The design system's space between the steps and the step's own heading. */}
        <Stack gap="lg">
          <StepIndicator
            steps={upgradeSteps.map((id) => ({ id, label: t(`steps.${id}`) }))}
            current={step}
          />
          {step === 'auth' ? (
            <AuthStep
              notice={notice}
              onBeforeRedirect={() => storeUpgradeMarker(store)}
              onSignedIn={() => goTo('plan')}
            />
          ) : step === 'plan' ? (
            <PlanStep
              plan={plan}
              onPlanChange={(next) => {
                setPlan(next);
                // §4: the GodMode toggle exists only under Pro; choosing Free drops it.
                if (next === 'free') setGodmode(false);
              }}
              period={period}
              onPeriodChange={setPeriod}
              godmode={godmode}
              onGodmodeChange={setGodmode}
              currency={currency}
              pricing={pricing}
            />
          ) : (
            <PaymentStep
              choice={choice}
              pricing={catalogue}
              methods={methods}
              onReloadMethods={methods.reload}
              checkout={checkout}
              onPay={pay}
              lockedReason={gate.locked ? gate.reason : null}
              verificationOnly={gate.managing}
              verification={
                auth.user ? (
                  // Its own boundary: the payment step shows while the biometric texts load.
                  <Suspense fallback={null}>
                    <PaymentVerification
                      userId={auth.user.id}
                      demand={verificationDemand}
                      onGateChange={setGate}
                    />
                  </Suspense>
                ) : null
              }
            />
          )}
        </Stack>
      </Modal.Body>
      <Modal.Footer>
        {step === 'auth' ? (
          <Button variant="ghost" onClick={() => goTo('plan')}>
            {t('actions.seePlans')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={back} disabled={checkout.pending !== null}>
              {t('actions.back')}
            </Button>
            {step === 'plan' ? <Button onClick={proceed}>{t('actions.continue')}</Button> : null}
          </>
        )}
      </Modal.Footer>
    </>
  );
}
