import { paths } from '../../../lib/paths';

/** Whether the path is one of the /auth/ bridge pages (callback, sign-out). */
function isAuthPath(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/');
}

/**
 * Where a visitor goes after signing in (§2): back to the protected page the guard sent them
 * from, else /profile; never back to an /auth/ page, which would only run again: /home instead.
 */
export function signInDestination(from: string | null, currentPath: string): string {
  if (from !== null) return isAuthPath(from) ? paths.userHome : from;
  return isAuthPath(currentPath) ? paths.userHome : paths.profile;
}
