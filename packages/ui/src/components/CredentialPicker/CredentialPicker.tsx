import { AlertTriangle, CheckCircle2, Fingerprint, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { useUiTranslation } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import { Button } from '../Button/Button';
import type { BiometricCredential } from '../CredentialManager/credential';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './CredentialPicker.css';

/** §4: the payment screen's states, plus `unsupported` when the browser has no WebAuthn. */
export const credentialPickerStates = [
  'loading',
  'error',
  'select',
  'authenticating',
  'unsupported',
] as const;
export type CredentialPickerState = (typeof credentialPickerStates)[number];

export interface CredentialPickerProps {
  state: CredentialPickerState;
  credentials: readonly BiometricCredential[];
  /** Verify with the chosen credential. */
  onAuthenticate: (credentialId: string) => void;
  onCancel: () => void;
  /** Pay without verification; hidden when `required`. */
  onSkip?: () => void;
  /** The user turned on "require biometric verification before payments" (§6: no skipping). */
  required?: boolean;
  /** Register a new authenticator (opens the credential manager's add flow). */
  onRegister?: () => void;
  onRetry?: () => void;
  /** The error state's message (§8 biometric messages come from the app). */
  errorMessage?: string;
  /** §4: after a successful verification the verified flag shows. */
  verified?: boolean;
  /** Pre-selects a credential; defaults to the most recently used active one. */
  defaultCredentialId?: string;
}

function mostRecentlyUsed(credentials: readonly BiometricCredential[]): string | undefined {
  const active = credentials.filter((c) => c.isActive);
  const sorted = [...active].sort((a, b) => (b.lastUsed ?? '').localeCompare(a.lastUsed ?? ''));
  return sorted[0]?.credentialId;
}

/** The payment verification screen of the Pro modal's payment step (§2 Biometric screens). */
export function CredentialPicker({
  state,
  credentials,
  onAuthenticate,
  onCancel,
  onSkip,
  required = false,
  onRegister,
  onRetry,
  errorMessage,
  verified = false,
  defaultCredentialId,
}: CredentialPickerProps) {
  const { t, i18n } = useUiTranslation();
  const titleId = useId();
  const usable = credentials.filter((c) => c.isActive);
  const [chosen, setChosen] = useState<string | undefined>(
    defaultCredentialId ?? mostRecentlyUsed(credentials),
  );
  const selected = usable.some((c) => c.credentialId === chosen) ? chosen : usable[0]?.credentialId;

  const registerButton = onRegister ? (
    <button type="button" className={styles.textButton} onClick={onRegister}>
      {t('picker.register')}
    </button>
  ) : null;

  return (
    <section
      className={styles.root}
      aria-labelledby={titleId}
      aria-busy={state === 'loading' || state === 'authenticating'}
    >
      <div>
        <h3 id={titleId} className={styles.title}>
          <Fingerprint size={20} aria-hidden="true" />
          {t('picker.title')}
        </h3>
        <p className={styles.description}>{t('picker.description')}</p>
      </div>

      {required && !verified ? (
        <p className={styles.warning}>
          <Info size={16} aria-hidden="true" />
          {t('picker.required')}
        </p>
      ) : null}

      {verified ? (
        <p className={styles.success} role="status">
          <CheckCircle2 size={16} aria-hidden="true" />
          {t('picker.verified')}
        </p>
      ) : null}

      {!verified && state === 'loading' ? (
        <Spinner size="medium" text={t('picker.loading')} />
      ) : null}

      {!verified && state === 'unsupported' ? (
        <p className={styles.info} role="status">
          <Info size={16} aria-hidden="true" />
          {t('picker.unsupported')}
        </p>
      ) : null}

      {!verified && state === 'error' ? (
        <p className={styles.critical} role="alert">
          <AlertTriangle size={16} aria-hidden="true" />
          {errorMessage ?? t('credentials.loadError')}
        </p>
      ) : null}

      {!verified && state === 'authenticating' ? (
        <Spinner size="medium" text={t('picker.authenticating')} />
      ) : null}

      {!verified && state === 'select' && usable.length === 0 ? (
        <p className={styles.info}>{t('picker.empty')}</p>
      ) : null}

      {!verified && state === 'select' && usable.length > 0 ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (selected) onAuthenticate(selected);
          }}
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('picker.devices')}</legend>
            <div className={styles.options}>
              {usable.map((credential) => (
                <label key={credential.credentialId} className={styles.option}>
                  <input
                    className={styles.radio}
                    type="radio"
                    name={`${titleId}-credential`}
                    value={credential.credentialId}
                    checked={selected === credential.credentialId}
                    onChange={() => setChosen(credential.credentialId)}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionName}>{credential.credentialName}</span>
                    <span className={styles.optionMeta}>
                      {credential.deviceInfo} · {t('credentials.lastUsed')}:{' '}
                      {credential.lastUsed
                        ? formatDay(credential.lastUsed, i18n.language)
                        : t('credentials.never')}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className={styles.submitRow}>
            <Button type="submit" icon={<Fingerprint size={16} />}>
              {t('picker.verify')}
            </Button>
          </div>
        </form>
      ) : null}

      <div className={styles.footer}>
        <div className={styles.footerGroup}>
          {state === 'error' && onRetry && !verified ? (
            <Button variant="secondary" onClick={onRetry}>
              {t('picker.retry')}
            </Button>
          ) : null}
          {!required && onSkip && !verified ? (
            <Button variant="secondary" onClick={onSkip}>
              {t('picker.skip')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
        {!verified && state !== 'unsupported' ? registerButton : null}
      </div>
    </section>
  );
}
