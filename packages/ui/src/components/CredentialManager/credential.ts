/** A registered WebAuthn authenticator, as §3 describes it (Biometric credential). */
export interface BiometricCredential {
  credentialId: string;
  credentialName: string;
  deviceInfo: string;
  /** ISO date-time, or null when never used. */
  lastUsed: string | null;
  /** ISO date-time. */
  createdAt: string;
  isActive: boolean;
}

/** §5 / §9: credential names are at most 50 characters after trimming. */
export const CREDENTIAL_NAME_MAX = 50;

export type CredentialNameCheck =
  { ok: true; name: string } | { ok: false; reason: 'empty' | 'tooLong'; name: string };

/** Trims and checks a credential name (§5: non-empty after trimming, at most 50 characters). */
export function checkCredentialName(raw: string): CredentialNameCheck {
  const name = raw.trim();
  if (name.length === 0) return { ok: false, reason: 'empty', name };
  // Count user-perceived characters, not UTF-16 units, so Vietnamese and emoji count fairly.
  if ([...name].length > CREDENTIAL_NAME_MAX) return { ok: false, reason: 'tooLong', name };
  return { ok: true, name };
}

/**
 * What a rename should do (§5: "Rename is ignored if empty or unchanged"): nothing for an empty or
 * unchanged name, refuse an over-long one, otherwise rename to the trimmed name.
 */
export function planRename(
  current: string,
  raw: string,
): { action: 'ignore' } | { action: 'refuse' } | { action: 'rename'; name: string } {
  const check = checkCredentialName(raw);
  if (!check.ok) return check.reason === 'empty' ? { action: 'ignore' } : { action: 'refuse' };
  if (check.name === current.trim()) return { action: 'ignore' };
  return { action: 'rename', name: check.name };
}
