import type { BiometricErrorCode } from '@studio/contracts';
import {
  CredentialNameForm,
  CredentialPicker,
  useToast,
  type CredentialPickerState,
} from '@studio/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCeremony } from '../../ceremony';
import { biometricErrorOf } from '../../errors';
import type { BiometricAccount } from '../../hooks/useBiometricAccount';
import type { BiometricSupport } from '../../hooks/useBiometricSupport';
import * as styles from './biometricVerification.css';

export interface BiometricVerificationProps {
  account: BiometricAccount;
  support: BiometricSupport;
  /** §4 the success callback: the verification passed, payments may start until then. */
  onVerified: (verifiedUntil: string | null) => void;
  /** Pay without verifying; not offered when verification is required. */
  onSkip?: () => void;
  onCancel: () => void;
  /** Verification is required even if the account does not say so (the API asked for it). */
  required?: boolean;
}

type Phase =
  | { kind: 'select' }
  | { kind: 'authenticating' }
  | { kind: 'failed'; code: BiometricErrorCode }
  | { kind: 'naming' };

const stillValid = (until: string | null) => until !== null && Date.parse(until) > Date.now();

/**
 * §2 Biometric screens, payment verification: pick a device, verify, skip (unless required),
 * cancel, or register a new device and come back here. States (§4): loading, error, select,
 * authenticating, and unsupported; the verified flag after success.
 */
export function BiometricVerification({
  account,
  support,
  onVerified,
  onSkip,
  onCancel,
  required: requiredHere = false,
}: BiometricVerificationProps) {
  const { t } = useTranslation('biometrics');
  const { toast } = useToast();
  const ceremony = useCeremony();
  const [phase, setPhase] = useState<Phase>({ kind: 'select' });
  const [verifiedNow, setVerifiedNow] = useState(false);
  const { state } = account;
  const ready = state.status === 'ready' ? state : null;
  const required = requiredHere || (ready?.requireForPayments ?? false);
  const verified = verifiedNow || stillValid(ready?.paymentVerifiedUntil ?? null);

  let pickerState: CredentialPickerState = 'select';
  let errorMessage: string | undefined;
  let onRetry: (() => void) | undefined;
  if (support === 'unsupported') pickerState = 'unsupported';
  else if (support === 'unknown' || state.status === 'loading') pickerState = 'loading';
  else if (state.status === 'error') {
    pickerState = 'error';
    errorMessage = t(`errors.${state.code}`);
    onRetry = account.reload;
  } else if (phase.kind === 'failed') {
    pickerState = 'error';
    errorMessage = t(`errors.${phase.code}`);
    onRetry = () => setPhase({ kind: 'select' });
  } else if (phase.kind === 'authenticating') pickerState = 'authenticating';

  // The attempt in progress; a cancelled one's late outcome is ignored.
  const attempt = useRef(0);

  const authenticate = async (credentialId: string) => {
    const mine = ++attempt.current;
    setPhase({ kind: 'authenticating' });
    try {
      const until = await account.verify('payment', credentialId);
      if (mine !== attempt.current) return;
      setVerifiedNow(true);
      setPhase({ kind: 'select' });
      onVerified(until);
    } catch (error) {
      if (mine !== attempt.current) return;
      setPhase({ kind: 'failed', code: biometricErrorOf(error, 'authenticate') });
    }
  };

  const cancelAuthentication = () => {
    // Cancel may come before the browser's prompt opened (the options still on their way).
    attempt.current += 1;
    ceremony.cancel();
    setPhase({ kind: 'failed', code: 'cancelled' });
  };

  const register = async (name: string) => {
    try {
      const created = await account.register(name);
      toast({
        tone: 'success',
        title: t('toasts.added'),
        description: t('toasts.addedBody', { name: created.credentialName }),
      });
      setPhase({ kind: 'select' });
    } catch (error) {
      toast({
        tone: 'critical',
        title: t('toasts.addFailed'),
        description: t(`errors.${biometricErrorOf(error, 'register')}`),
      });
      // Rejected: the form stays open with the name typed.
      throw error;
    }
  };

  return (
    <div className={styles.panel}>
      <CredentialPicker
        state={pickerState}
        credentials={ready?.credentials ?? []}
        required={required}
        verified={verified}
        onAuthenticate={(id) => void authenticate(id)}
        onCancel={() => {
          // During the ceremony Cancel stops the browser's prompt; otherwise it leaves.
          if (phase.kind === 'authenticating') cancelAuthentication();
          else onCancel();
        }}
        {...(onSkip ? { onSkip } : {})}
        {...(errorMessage ? { errorMessage } : {})}
        {...(onRetry ? { onRetry } : {})}
        {...(ready ? { onRegister: () => setPhase({ kind: 'naming' }) } : {})}
      />
      {phase.kind === 'naming' && !verified ? (
        <div className={styles.addForm}>
          <CredentialNameForm
            mode="add"
            label={t('payment.newDevice')}
            onSubmit={register}
            onCancel={() => setPhase({ kind: 'select' })}
          />
        </div>
      ) : null}
    </div>
  );
}
