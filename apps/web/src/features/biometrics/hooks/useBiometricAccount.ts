import { deviceLabel, type BiometricCredential, type WebauthnPurpose } from '@studio/contracts';
import { useCallback } from 'react';
import { setQueryData, useQuery } from '../../../lib/query';
import { authenticateBegin } from '../api/authenticateBegin';
import { authenticateComplete } from '../api/authenticateComplete';
import { deleteCredential } from '../api/deleteCredential';
import { credentialsQueryOptions, getCredentials } from '../api/getCredentials';
import { registerBegin } from '../api/registerBegin';
import { registerComplete } from '../api/registerComplete';
import { updateCredential } from '../api/updateCredential';
import { updateWebauthnSettings } from '../api/updateWebauthnSettings';
import { useCeremony } from '../ceremony';
import { BiometricFailure, biometricErrorOf, type BiometricStep } from '../errors';

export interface BiometricAccountData {
  credentials: BiometricCredential[];
  requireForPayments: boolean;
  /** A passed `payment` verification lets payments start until then (ISO), or null. */
  paymentVerifiedUntil: string | null;
}

export type BiometricAccountState =
  | { status: 'loading' }
  | { status: 'error'; code: ReturnType<typeof biometricErrorOf> }
  | ({ status: 'ready' } & BiometricAccountData);

export interface BiometricAccount {
  state: BiometricAccountState;
  reload: () => void;
  /** Register a new device under this name; resolves with it. Rejects with a BiometricFailure. */
  register: (credentialName: string) => Promise<BiometricCredential>;
  /**
   * Verify with a device (one chosen credential, or any active one); resolves with verifiedUntil.
   * Rejects with a BiometricFailure.
   */
  verify: (purpose: WebauthnPurpose, credentialId?: string) => Promise<string | null>;
  rename: (credentialId: string, credentialName: string) => Promise<void>;
  setActive: (credentialId: string, isActive: boolean) => Promise<void>;
  remove: (credentialId: string) => Promise<void>;
  /** Turns the payment requirement on, or off after a `manage` verification. */
  setRequired: (required: boolean) => Promise<void>;
}

/** Runs one action and turns whatever it throws into a BiometricFailure with its §8 code. */
async function step<T>(name: BiometricStep, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new BiometricFailure(biometricErrorOf(error, name), { cause: error });
  }
}

/**
 * The signed-in user's biometric devices and payment requirement (§2 Biometric screens), and the
 * ceremonies around them. Each change updates the list from the API's answer, so what shows is
 * what the server stored.
 */
export function useBiometricAccount(userId: string): BiometricAccount {
  const ceremony = useCeremony();
  const query = useQuery(credentialsQueryOptions(userId));
  const state: BiometricAccountState =
    query.status === 'success'
      ? { status: 'ready', ...query.data }
      : query.status === 'error'
        ? { status: 'error', code: biometricErrorOf(query.error, 'load') }
        : { status: 'loading' };

  const update = useCallback(
    (change: (data: BiometricAccountData) => BiometricAccountData) =>
      setQueryData<BiometricAccountData>(credentialsQueryOptions(userId).queryKey, (data) => ({
        ...data,
        ...change(data),
      })),
    [userId],
  );

  // Read the devices again quietly (no loading state): the server knows when one was last used.
  // Only the list: the settings may be changing meanwhile, and their own answers carry them.
  const refresh = useCallback(() => {
    getCredentials(userId)
      .then(({ credentials }) => update((data) => ({ ...data, credentials })))
      .catch((error: unknown) => {
        console.warn(
          'Reading the biometric devices again failed; the list shows what it had.',
          error,
        );
      });
  }, [userId, update]);

  const register = useCallback(
    async (credentialName: string) => {
      if (!ceremony.supported()) throw new BiometricFailure('notSupported');
      const options = await step('load', () =>
        registerBegin({
          userId,
          credentialName,
          deviceInfo: deviceLabel(typeof navigator === 'undefined' ? null : navigator.userAgent),
        }),
      );
      const attestation = await step('register', () => ceremony.register(options));
      const result = await step('register', () => registerComplete(userId, attestation));
      if (!result.success || !result.credential) {
        throw new BiometricFailure(result.error ?? 'createFailed');
      }
      const created = result.credential;
      update((data) => ({
        ...data,
        credentials: [
          created,
          ...data.credentials.filter((c) => c.credentialId !== created.credentialId),
        ],
      }));
      return created;
    },
    [ceremony, userId, update],
  );

  const verify = useCallback(
    async (purpose: WebauthnPurpose, credentialId?: string) => {
      if (!ceremony.supported()) throw new BiometricFailure('notSupported');
      const options = await step('load', () => authenticateBegin({ userId, purpose }));
      // The user picked one device: ask the browser for that one only.
      const chosen = options.allowCredentials.filter((c) => c.id === credentialId);
      const narrowed = chosen.length > 0 ? { ...options, allowCredentials: chosen } : options;
      const assertion = await step('authenticate', () => ceremony.authenticate(narrowed));
      const result = await step('authenticate', () =>
        authenticateComplete(userId, purpose, assertion),
      );
      if (!result.success) throw new BiometricFailure(result.error ?? 'verificationFailed');
      const verifiedUntil = result.verifiedUntil ?? null;
      if (purpose === 'payment')
        update((data) => ({ ...data, paymentVerifiedUntil: verifiedUntil }));
      refresh();
      return verifiedUntil;
    },
    [ceremony, userId, update, refresh],
  );

  const replace = useCallback(
    (changed: BiometricCredential) =>
      update((data) => ({
        ...data,
        credentials: data.credentials.map((c) =>
          c.credentialId === changed.credentialId ? changed : c,
        ),
      })),
    [update],
  );

  const rename = useCallback(
    async (credentialId: string, credentialName: string) => {
      replace(await step('manage', () => updateCredential({ credentialId, credentialName })));
    },
    [replace],
  );

  const setActive = useCallback(
    async (credentialId: string, isActive: boolean) => {
      replace(await step('manage', () => updateCredential({ credentialId, isActive })));
    },
    [replace],
  );

  const remove = useCallback(
    async (credentialId: string) => {
      await step('manage', () => deleteCredential(credentialId));
      update((data) => ({
        ...data,
        credentials: data.credentials.filter((c) => c.credentialId !== credentialId),
      }));
    },
    [update],
  );

  const setRequired = useCallback(
    async (required: boolean) => {
      // Turning the protection off is a security change: the API wants a fresh `manage` check.
      if (!required) await verify('manage');
      const settings = await step('manage', () =>
        updateWebauthnSettings({ requireForPayments: required }),
      );
      update((data) => ({ ...data, requireForPayments: settings.requireForPayments }));
    },
    [update, verify],
  );

  return { state, reload: query.reload, register, verify, rename, setActive, remove, setRequired };
}
