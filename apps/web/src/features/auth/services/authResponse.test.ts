import { describe, expect, it } from 'vitest';
import { hasAuthResponse } from './authResponse';

describe('hasAuthResponse', () => {
  it.each([
    ['?code=abc&state=xyz', '', true],
    ['', '#code=abc&state=xyz', true],
    ['?error=access_denied&state=xyz', '', true],
    ['', '#error=login_required&error_description=x&state=xyz', true],
    ['?code=abc', '', false],
    ['?state=xyz', '', false],
    ['', '', false],
    ['?next=/home', '#section', false],
  ])('search %j hash %j → %s', (search, hash, expected) => {
    expect(hasAuthResponse({ search, hash })).toBe(expected);
  });
});
