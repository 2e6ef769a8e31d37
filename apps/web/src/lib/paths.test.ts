import { describe, expect, it } from 'vitest';
import { isPublicPath, paths } from './paths';

describe('isPublicPath (§6)', () => {
  it.each([
    '/',
    '/reset-password',
    '/login',
    '/register',
    '/about-us',
    '/privacy-policy',
    '/terms-of-use',
    '/help',
    '/help/',
    '/auth',
    '/auth/callback',
    '/auth/signout-callback',
  ])('%s is public', (path) => expect(isPublicPath(path)).toBe(true));

  it.each(['/profile', '/membership', '/home', '/plans', '/authors', '/share/abc', '/login/x'])(
    '%s is not',
    (path) => expect(isPublicPath(path)).toBe(false),
  );

  it('encodes share slugs', () => {
    expect(paths.share('a b/c')).toBe('/share/a%20b%2Fc');
  });
});
