/**
 * When a JWT expires (its `exp` claim, in seconds since the epoch), or null when the token cannot
 * be read. The signature is NOT checked: this only schedules a refresh; the API verifies tokens.
 */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const exp =
      typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : null;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}
