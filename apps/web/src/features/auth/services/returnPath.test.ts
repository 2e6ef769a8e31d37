import { describe, expect, it } from 'vitest';
import { isAppPath, redirectReturnPath } from './returnPath';

const at = (pathname: string, state: unknown = null, search = '', hash = '') => ({
  pathname,
  search,
  hash,
  state,
});

describe('where a redirect sign-in comes back to (§2)', () => {
  it.each([
    [
      'the page it started on',
      at('/plans', null, '?cycle=yearly', '#pro'),
      '/plans?cycle=yearly#pro',
    ],
    [
      'the guarded page that sent the visitor to /login',
      at('/login', { from: '/membership' }),
      '/membership',
    ],
    ['/profile from the auth page itself', at('/register'), '/profile'],
    ['/home from an /auth/ page', at('/auth/signout-callback'), '/home'],
    [
      '/home when the remembered page is an /auth/ page',
      at('/login', { from: '/auth/callback' }),
      '/home',
    ],
    ['/profile when the router state is not ours', at('/login', { from: 42 }), '/profile'],
  ])('%s', (_case, location, expected) => {
    expect(redirectReturnPath(location)).toBe(expected);
  });
});

describe('isAppPath', () => {
  it.each([
    ['/membership', true],
    ['/', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['membership', false],
  ])('%s → %s', (path, expected) => {
    expect(isAppPath(path)).toBe(expected);
  });
});
