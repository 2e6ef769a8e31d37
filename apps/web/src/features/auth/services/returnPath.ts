import { paths } from '../../../lib/paths';
import { isLoginRedirectState } from '../components/RequireAuth';
import { signInDestination } from '../components/signInDestination';

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

/**
 * Where a redirect sign-in brings the user back to (§2): from the auth page, the page the guard
 * sent them from, else /profile (as the e-mail form does); from an /auth/ page, /home;
 * anywhere else, the page they started on.
 */
export function redirectReturnPath({ pathname, search, hash, state }: RouterLocation): string {
  if (pathname === paths.login || pathname === paths.register) {
    return signInDestination(isLoginRedirectState(state) ? state.from : null, pathname);
  }
  return signInDestination(`${pathname}${search}${hash}`, pathname);
}

/** Only a path of this app: never another origin (`//host`, `https:`) from a tampered state. */
export function isAppPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
