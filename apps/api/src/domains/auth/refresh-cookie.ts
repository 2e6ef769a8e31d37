/**
 * The refresh-token cookie. On https it carries the __Host- prefix (Secure, Path=/, no Domain:
 * no subdomain can plant or read it); plain http (local development) cannot use the prefix.
 * Its value is `<session id>.<secret>`: the session id binds the XSRF token to the sign-in
 * (security.md §1.5) without a database read; only the secret's hash is stored.
 */
export function refreshCookieName(isHttps: boolean): string {
  return isHttps ? '__Host-studio-refresh' : 'studio-refresh';
}

const sessionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const secretPattern = /^[A-Za-z0-9_-]{43}$/;

export interface RefreshCookie {
  sessionId: string;
  secret: string;
}

export function formatRefreshCookie({ sessionId, secret }: RefreshCookie): string {
  return `${sessionId}.${secret}`;
}

export function parseRefreshCookie(value: string | undefined): RefreshCookie | null {
  if (value === undefined) return null;
  const dot = value.indexOf('.');
  const sessionId = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  if (dot < 0 || !sessionIdPattern.test(sessionId) || !secretPattern.test(secret)) return null;
  return { sessionId, secret };
}
