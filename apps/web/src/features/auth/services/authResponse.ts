/**
 * Whether a URL carries an identity service's answer to an authorization request: `state` with a
 * `code` or an `error`, in the query or the fragment (MSAL asks for either response mode).
 */
export function hasAuthResponse({ search, hash }: Pick<Location, 'search' | 'hash'>): boolean {
  return [search, hash].some((part) => {
    const params = new URLSearchParams(part.replace(/^[?#]/, ''));
    return params.has('state') && (params.has('code') || params.has('error'));
  });
}
