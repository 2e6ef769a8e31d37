import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { problemsOf } from './support/config-problems.ts';

const production = {
  NODE_ENV: 'production',
  CSRF_SECRET: 'k7Q2v9LmX4pR8tW1zB6nC3yD5fG0hJ2s',
  AUTH_SECRET: 'P3x8Rk2Lq9Zw5Tn1Vb7Hc4Jd6Mf0Gs2Y',
  PUBLIC_URL: 'https://studio.example',
};

describe('WebAuthn configuration', () => {
  it('derives the RP ID and origin from PUBLIC_URL (localhost by default)', () => {
    expect(loadConfig({}).webauthn).toEqual({
      rpId: 'localhost',
      rpName: 'AI Studio',
      origins: ['http://localhost:8080'],
      unavailable: null,
    });
    expect(loadConfig(production).webauthn).toMatchObject({
      rpId: 'studio.example',
      origins: ['https://studio.example'],
    });
  });

  it('takes an RP ID that is a parent domain of every origin, a name and several origins', () => {
    const config = loadConfig({
      ...production,
      PUBLIC_URL: 'https://app.studio.example',
      WEBAUTHN_RP_ID: 'studio.example',
      WEBAUTHN_RP_NAME: 'Studio',
      WEBAUTHN_ORIGINS: 'https://app.studio.example, https://studio.example:8443',
    });
    expect(config.webauthn).toEqual({
      rpId: 'studio.example',
      rpName: 'Studio',
      origins: ['https://app.studio.example', 'https://studio.example:8443'],
      unavailable: null,
    });
  });

  it('refuses an RP ID that is an IP address', () => {
    expect(problemsOf({ WEBAUTHN_RP_ID: '127.0.0.1' })).toEqual([
      expect.stringMatching(/^WEBAUTHN_RP_ID: must be a domain name, not an IP address/),
    ]);
    expect(problemsOf({ WEBAUTHN_RP_ID: '::1' })[0]).toMatch(/not an IP address/);
  });

  it('refuses an RP ID that does not cover every origin', () => {
    expect(problemsOf({ ...production, WEBAUTHN_RP_ID: 'other.example' })).toEqual([
      expect.stringMatching(/^WEBAUTHN_RP_ID: .*not so for https:\/\/studio\.example$/),
    ]);
    // A look-alike suffix is not a parent domain, nor is a bare top-level label.
    expect(
      problemsOf({
        ...production,
        PUBLIC_URL: 'https://evilstudio.example',
        WEBAUTHN_RP_ID: 'studio.example',
      }),
    ).toHaveLength(1);
    expect(problemsOf({ ...production, WEBAUTHN_RP_ID: 'example' })).toHaveLength(1);
    expect(
      problemsOf({
        ...production,
        WEBAUTHN_ORIGINS: 'https://studio.example,https://evil.example',
      }),
    ).toEqual([expect.stringMatching(/^WEBAUTHN_ORIGINS: .*https:\/\/evil\.example$/)]);
    expect(problemsOf({ WEBAUTHN_RP_ID: 'Studio.Example:443' })[0]).toMatch(/lower-case domain/);
  });

  it('refuses origins that are not origins', () => {
    for (const origin of [
      'https://studio.example/',
      'https://studio.example/app',
      'studio.example',
      'ftp://studio.example',
    ]) {
      expect(problemsOf({ WEBAUTHN_ORIGINS: origin })[0], origin).toMatch(
        /^WEBAUTHN_ORIGINS: .* is not an origin/,
      );
    }
  });

  it('refuses http origins in production, except localhost', () => {
    expect(
      problemsOf({
        ...production,
        PUBLIC_URL: 'https://studio.example',
        WEBAUTHN_ORIGINS: 'https://studio.example,http://studio.example',
      }),
    ).toEqual([
      expect.stringMatching(/^WEBAUTHN_ORIGINS: "http:\/\/studio\.example" is plain http/),
    ]);
    expect(
      loadConfig({ ...production, PUBLIC_URL: 'http://localhost:4000' }).webauthn.origins,
    ).toEqual(['http://localhost:4000']);
    // Outside production, plain http is tolerated (a LAN test machine).
    expect(loadConfig({ PUBLIC_URL: 'http://studio.test:4000' }).webauthn.rpId).toBe('studio.test');
  });

  it('keeps an IP-address PUBLIC_URL working but says passkeys cannot', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' });
    expect(config.webauthn.unavailable).toMatch(/IP address/);
    expect(config.warnings.join('\n')).toMatch(/passkeys are unavailable/);
    // Loopback HOST without PUBLIC_URL is reached as localhost, so passkeys work there.
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '5000' }).webauthn).toMatchObject({
      rpId: 'localhost',
      origins: ['http://localhost:5000'],
      unavailable: null,
    });
  });
});
