import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/jwt';
import { tokenExpiry } from './jwt';

describe('tokenExpiry', () => {
  it('reads exp from the payload', () => {
    expect(tokenExpiry(fakeJwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000);
  });

  it('reads base64url payloads, padding left off, with any UTF-8 in them', () => {
    // "Nguyễn" and "?>" make '-', '_' and a missing '=' likely in the encoding.
    const token = fakeJwt({ name: 'Nguyễn Thị Linh ?>>>', exp: 1_800_000_001 });
    expect(token.split('.')[1]).not.toContain('=');
    expect(tokenExpiry(token)).toBe(1_800_000_001);
  });

  it.each([
    ['no payload', 'header-only'],
    ['a payload that is not base64', 'a.!!!.c'],
    ['a payload that is not JSON', `a.${btoa('not json')}.c`],
    ['no exp', fakeJwt({ sub: 'x' })],
    ['an exp that is not a number', fakeJwt({ exp: '1800000000' })],
    ['a payload that is not an object', `a.${btoa('42')}.c`],
  ])('is null for %s', (_case, token) => {
    expect(tokenExpiry(token)).toBeNull();
  });
});
