import { Button } from '@studio/ui';
import { ArrowLeft, Fingerprint } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBiometricAccount } from '../../hooks/useBiometricAccount';
import { useBiometricSupport } from '../../hooks/useBiometricSupport';
import { BiometricDevices } from '../BiometricDevices';
import { BiometricVerification } from '../BiometricVerification';
import * as styles from './paymentVerification.css';

/** What the payment step must do around the verification panel. */
export interface PaymentGate {
  /** The provider buttons wait for a verification; `reason` says so. */
  locked: boolean;
  reason: string | null;
  /** The device manager is open in place of the step's content. */
  managing: boolean;
}

export const openGate: PaymentGate = { locked: false, reason: null, managing: false };

export interface PaymentVerificationProps {
  userId: string;
  /**
   * Counts the API's refusals of a payment start for want of a verification (403
   * verificationRequired): each one brings the panel back, required.
   */
  demand: number;
  onGateChange: (gate: PaymentGate) => void;
}

type View = 'auto' | 'dismissed' | 'manage';

const stillValid = (until: string | null) => until !== null && Date.parse(until) > Date.now();

/**
 * §2 Pro modal, step 3: the optional biometric verification above the provider buttons, or
 * "enable and manage devices" for someone without devices, and the manager as a sub-view.
 * A user who requires verification cannot pay before passing it (the API checks it too).
 */
export function PaymentVerification({ userId, demand, onGateChange }: PaymentVerificationProps) {
  const { t } = useTranslation('biometrics');
  const support = useBiometricSupport();
  const account = useBiometricAccount(userId);
  const [view, setView] = useState<View>('auto');
  const [verifiedUntil, setVerifiedUntil] = useState<string | null>(null);
  // A new refusal from the API: read the account again (the requirement may be new) and show.
  const [seenDemand, setSeenDemand] = useState(demand);
  if (seenDemand !== demand) {
    setSeenDemand(demand);
    setView('auto');
    account.reload();
  }

  const ready = account.state.status === 'ready' ? account.state : null;
  const demanded = demand > 0;
  const required = demanded || (ready?.requireForPayments ?? false);
  const verified = stillValid(verifiedUntil) || stillValid(ready?.paymentVerifiedUntil ?? null);
  const locked = required && !verified && (ready !== null || demanded);
  const managing = view === 'manage';
  const reason = locked ? t('payment.lockedReason') : null;

  useEffect(() => {
    onGateChange({ locked, reason, managing });
  }, [locked, reason, managing, onGateChange]);
  // Gone (another step, the modal closed): nothing is held back any more.
  useEffect(() => () => onGateChange({ ...openGate }), [onGateChange]);

  if (support === 'unknown') return null;

  if (managing) {
    return (
      <div>
        <div className={styles.backRow}>
          <Button
            variant="ghost"
            size="sm"
            icon={<ArrowLeft size={16} />}
            onClick={() => setView('auto')}
          >
            {t('payment.back')}
          </Button>
        </div>
        <BiometricDevices account={account} support={support} headingLevel={4} />
      </div>
    );
  }

  const panel = (
    <BiometricVerification
      account={account}
      support={support}
      required={required}
      onVerified={(until) => setVerifiedUntil(until)}
      onSkip={() => setView('dismissed')}
      onCancel={() => setView('dismissed')}
    />
  );

  if (support === 'unsupported') {
    // Required here too: the panel says so next to the hint, rather than a bare hint.
    if (required) return panel;
    return (
      <p role="status" className={styles.note}>
        {t('unsupportedHint')}
      </p>
    );
  }

  if (view === 'dismissed') {
    // Skipped or cancelled: gone, unless paying needs it; then one button brings it back.
    return locked ? (
      <div>
        <Button
          variant="secondary"
          icon={<Fingerprint size={16} />}
          onClick={() => setView('auto')}
        >
          {t('payment.verifyNow')}
        </Button>
      </div>
    ) : null;
  }

  if (account.state.status === 'loading') return demanded ? panel : null;
  if (!ready) return panel;

  const hasDevices = ready.credentials.some((credential) => credential.isActive);
  if (hasDevices || required || verified) return panel;

  return (
    <div className={styles.entry}>
      <div className={styles.entryText}>
        <p className={styles.entryTitle}>{t('payment.entryTitle')}</p>
        <p className={styles.entryBody}>{t('payment.entryBody')}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        icon={<Fingerprint size={16} />}
        onClick={() => setView('manage')}
      >
        {t('payment.manage')}
      </Button>
    </div>
  );
}
