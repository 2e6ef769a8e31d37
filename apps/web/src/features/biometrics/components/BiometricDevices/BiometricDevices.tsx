import type { BiometricErrorCode } from '@studio/contracts';
import { CredentialManager, useToast, type CredentialManagerStatus } from '@studio/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { biometricErrorOf, type BiometricStep } from '../../errors';
import type { BiometricAccount } from '../../hooks/useBiometricAccount';
import type { BiometricSupport } from '../../hooks/useBiometricSupport';
import * as styles from './biometricDevices.css';

export interface BiometricDevicesProps {
  account: BiometricAccount;
  support: BiometricSupport;
  headingLevel?: 2 | 3 | 4;
  title?: ReactNode;
}

/**
 * §2 Biometric screens, the credential manager: list, add, rename, turn on/off, delete (after a
 * confirmation) and "require biometric verification before payments", each reported by a toast.
 * Turning the requirement off asks a device first (a `manage` verification).
 */
export function BiometricDevices({
  account,
  support,
  headingLevel = 2,
  title,
}: BiometricDevicesProps) {
  const { t } = useTranslation('biometrics');
  const { toast } = useToast();
  const { state } = account;

  /** Runs a change; toasts its success, or its failure with the §8 message. */
  async function report(
    run: () => Promise<unknown>,
    done: { title: string; description?: string } | (() => { title: string; description?: string }),
    failed: string,
    step: BiometricStep,
    {
      rethrow = false,
      ownTexts = {},
    }: { rethrow?: boolean; ownTexts?: Partial<Record<BiometricErrorCode, string>> } = {},
  ) {
    try {
      await run();
      toast({ tone: 'success', ...(typeof done === 'function' ? done() : done) });
    } catch (error) {
      const code = biometricErrorOf(error, step);
      toast({
        tone: 'critical',
        title: failed,
        description: ownTexts[code] ?? t(`errors.${code}`),
      });
      if (rethrow) throw error;
    }
  }

  const status: CredentialManagerStatus =
    state.status === 'ready' ? 'ready' : state.status === 'error' ? 'error' : 'loading';

  return (
    <>
      {support === 'unsupported' ? (
        <p role="status" className={styles.note}>
          {t('errors.notSupported')}
        </p>
      ) : null}
      <CredentialManager
        credentials={state.status === 'ready' ? state.credentials : []}
        status={status}
        headingLevel={headingLevel}
        {...(title ? { title } : {})}
        {...(state.status === 'error' ? { errorMessage: t(`errors.${state.code}`) } : {})}
        onRetry={account.reload}
        onAdd={async (name) => {
          let added = name;
          // Rejected, the name form stays open with what was typed.
          await report(
            async () => {
              added = (await account.register(name)).credentialName;
            },
            () => ({
              title: t('toasts.added'),
              description: t('toasts.addedBody', { name: added }),
            }),
            t('toasts.addFailed'),
            'register',
            { rethrow: true },
          );
        }}
        onRename={(id, name) =>
          report(
            () => account.rename(id, name),
            { title: t('toasts.renamed') },
            t('toasts.renameFailed'),
            'manage',
            { rethrow: true },
          )
        }
        onToggleActive={(id, isActive) =>
          report(
            () => account.setActive(id, isActive),
            { title: t(isActive ? 'toasts.activated' : 'toasts.deactivated') },
            t('toasts.toggleFailed'),
            'manage',
          )
        }
        onDelete={(id) =>
          // A refusal closes the confirmation too: the toast says why.
          report(
            () => account.remove(id),
            { title: t('toasts.deleted') },
            t('toasts.deleteFailed'),
            'manage',
          )
        }
        requireBeforePayment={state.status === 'ready' && state.requireForPayments}
        {...(state.status === 'ready'
          ? {
              onRequireChange: (required: boolean) =>
                void report(
                  () => account.setRequired(required),
                  { title: t(required ? 'toasts.requireOn' : 'toasts.requireOff') },
                  t('toasts.settingFailed'),
                  required ? 'manage' : 'authenticate',
                  // The §8 text for this code speaks of payment; here it is the setting.
                  { ownTexts: { verificationRequired: t('requirement.verificationRequired') } },
                ),
            }
          : {})}
      />
    </>
  );
}
