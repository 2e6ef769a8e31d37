import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from '../src/config.ts';
import { secretWeakness } from '../src/env/variables.ts';
import { problemsOf } from './support/config-problems.ts';

const strongSecret = 'k7Q2v9LmX4pR8tW1zB6nC3yD5fG0hJ2s';
const strongAuthSecret = 'P3x8Rk2Lq9Zw5Tn1Vb7Hc4Jd6Mf0Gs2Y';
const production = {
  NODE_ENV: 'production',
  CSRF_SECRET: strongSecret,
  AUTH_SECRET: strongAuthSecret,
  PUBLIC_URL: 'https://studio.example',
};

describe('loadConfig', () => {
  it('starts with documented defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 8080,
      logLevel: 'info',
      publicUrl: 'http://localhost:8080',
      isHttps: false,
      trustProxy: false,
      trustedCountryHeader: null,
      mail: { smtpUrl: null },
      devMailbox: true,
      rateLimits: {
        forms: { max: 5, windowMs: 600_000 },
        api: { max: 300, windowMs: 60_000 },
        auth: { max: 10, windowMs: 300_000 },
      },
    });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.database).toEqual({
      driver: 'sqlite',
      file: `${config.dataDir}/studio.sqlite`,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '  ' }).port).toBe(8080);
  });

  it('uses a random CSRF secret per process outside production, and says so', () => {
    const first = loadConfig({});
    const second = loadConfig({});
    expect(first.csrfSecret).not.toBe(second.csrfSecret);
    expect(first.csrfSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.warnings.join('\n')).toMatch(/CSRF_SECRET is not set/);
  });

  it('names a bad PORT clearly', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT: must be a whole number from 1 to 65535']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be a whole number from 1 to 65535']);
  });

  it('lists every problem at once, in the error message too', () => {
    const env = { PORT: '-1', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://db/studio' };
    expect(problemsOf(env)).toHaveLength(3);
    expect(() => loadConfig(env)).toThrow(
      /Invalid configuration[\s\S]*PORT:[\s\S]*LOG_LEVEL:[\s\S]*DATABASE_URL:/,
    );
  });

  it('requires a CSRF secret, a public URL and an auth secret in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^CSRF_SECRET: is required when NODE_ENV=production/),
      expect.stringMatching(/^PUBLIC_URL: is required when NODE_ENV=production/),
      expect.stringMatching(/^AUTH_SECRET: is required when NODE_ENV=production/),
    ]);
  });

  it.each([
    ['a short secret', 'too-short-secret'],
    ['a placeholder', 'changeme-changeme-changeme-changeme-42'],
    ['an example value', 'your-secret-here-0123456789-abcdefghij'],
    ['a repetitive one', 'abababababababababababababababababab'],
  ])('refuses %s as CSRF_SECRET, without echoing it', (_name, secret) => {
    const problems = problemsOf({ ...production, CSRF_SECRET: secret });
    expect(problems).toEqual([expect.stringMatching(/^CSRF_SECRET: /)]);
    expect(problems.join()).not.toContain(secret);
  });

  it('accepts a production configuration with a strong secret', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      isProduction: true,
      isHttps: true,
      csrfSecret: strongSecret,
      devMailbox: false,
    });
    expect(config.warnings.join('\n')).toMatch(/SMTP_URL is not set: .*NOT delivered/);
  });

  it('needs real sender and support addresses when production mails over SMTP', () => {
    expect(problemsOf({ ...production, SMTP_URL: 'smtps://user:pass@smtp.example:465' })).toEqual([
      expect.stringMatching(/^MAIL_FROM: /),
      expect.stringMatching(/^SUPPORT_EMAIL: /),
    ]);
    const config = loadConfig({
      ...production,
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      MAIL_FROM: 'AI Studio <hello@studio.example>',
      SUPPORT_EMAIL: 'support@studio.example',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example:465',
      from: 'AI Studio <hello@studio.example>',
      supportAddress: 'support@studio.example',
    });
  });

  it('chooses PostgreSQL for a postgres URL, in the configured schema', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db:5432/studio' }).database).toEqual({
      driver: 'postgres',
      url: 'postgres://app@db:5432/studio',
      schema: 'public',
    });
    expect(problemsOf({ DATABASE_SCHEMA: 'Bad-Name' })).toEqual([
      expect.stringMatching(/^DATABASE_SCHEMA: /),
    ]);
  });

  it('parses the proxy trust setting', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'everyone' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: /),
    ]);
  });

  it('validates the public URL, the country header, mail addresses and geolocation services', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://studio.example/' }).publicUrl).toBe(
      'https://studio.example',
    );
    expect(loadConfig({ TRUSTED_COUNTRY_HEADER: 'CF-IPCountry' }).trustedCountryHeader).toBe(
      'cf-ipcountry',
    );
    expect(
      loadConfig({ GEOLOCATION_SERVICES: 'https://a.example/{ip}/json, https://b.example/' })
        .geolocationServices,
    ).toEqual(['https://a.example/{ip}/json', 'https://b.example/']);
    expect(
      problemsOf({
        PUBLIC_URL: 'https://studio.example/app',
        TRUSTED_COUNTRY_HEADER: 'CF IPCountry',
        MAIL_FROM: 'not an address',
        SUPPORT_EMAIL: 'support',
        GEOLOCATION_SERVICES: 'ftp://geo.example/{ip}',
        SMTP_URL: 'http://smtp.example',
      }).map((problem) => problem.split(':')[0]),
    ).toEqual([
      'PUBLIC_URL',
      'TRUSTED_COUNTRY_HEADER',
      'SMTP_URL',
      'MAIL_FROM',
      'SUPPORT_EMAIL',
      'GEOLOCATION_SERVICES',
    ]);
  });
});

describe('secretWeakness', () => {
  it('accepts a random secret', () => {
    expect(secretWeakness(strongSecret)).toBeNull();
  });
});

describe('CONFIG.md', () => {
  it('documents every variable the API reads', async () => {
    const documentation = await readFile(new URL('../CONFIG.md', import.meta.url), 'utf8');
    const documented = [...documentation.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map(
      (match) => match[1],
    );
    expect(documented).toEqual(expect.arrayContaining([...configVariables]));
  });
});
