/** An unsigned JWT with these claims, enough for code that only reads `exp` (never verified). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'EdDSA', typ: 'at+jwt' })}.${encode(claims)}.signature`;
}

/** A token that expires `seconds` from `now` (milliseconds since the epoch). */
export function tokenExpiringIn(seconds: number, now: number = Date.now()): string {
  return fakeJwt({ sub: 'user-linh', exp: Math.floor(now / 1000) + seconds });
}
