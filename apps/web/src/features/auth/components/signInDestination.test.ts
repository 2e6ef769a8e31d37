import { describe, expect, it } from 'vitest';
import { signInDestination } from './signInDestination';

describe('signInDestination (§2)', () => {
  it('returns to the page the guard remembered', () => {
    expect(signInDestination('/membership?tab=billing', '/login')).toBe('/membership?tab=billing');
  });

  it('goes to /profile when nothing was remembered', () => {
    expect(signInDestination(null, '/login')).toBe('/profile');
    expect(signInDestination(null, '/plans')).toBe('/profile');
  });

  it('goes to /home instead of an /auth/ page', () => {
    expect(signInDestination(null, '/auth/callback')).toBe('/home');
    expect(signInDestination('/auth/signout-callback', '/login')).toBe('/home');
  });
});
