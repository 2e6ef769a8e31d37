import { runtimeConfig } from '@studio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fallbackConfig, fetchRuntimeConfig, readRuntimeConfig } from './config';

const valid = {
  apiBaseUrl: 'https://api.example.com',
  environment: 'production',
  sandbox: true,
  geolocationServices: ['https://ipapi.co/json/'],
  mailboxUrl: null,
};

const invalid: unknown[] = [
  null,
  'config',
  {},
  { ...valid, apiBaseUrl: 42 },
  { ...valid, environment: 'staging' },
  { ...valid, sandbox: 'yes' },
  { ...valid, geolocationServices: 'https://ipapi.co' },
  { ...valid, geolocationServices: [1] },
  { ...valid, mailboxUrl: 3 },
];

describe('readRuntimeConfig', () => {
  it('agrees with the contract on what is valid', () => {
    expect(readRuntimeConfig(valid)).toEqual(runtimeConfig.parse(valid));
    const withMailbox = { ...valid, environment: 'development', mailboxUrl: '/dev/mailbox' };
    expect(readRuntimeConfig(withMailbox)).toEqual(runtimeConfig.parse(withMailbox));
  });

  it.each(invalid)('agrees with the contract on what is not: %j', (body) => {
    expect(runtimeConfig.safeParse(body).success).toBe(false);
    expect(() => readRuntimeConfig(body)).toThrow();
  });
});

describe('fetchRuntimeConfig (§7)', () => {
  it('reads /config.json from the origin', async () => {
    const fetchImpl = vi.fn(async () => Response.json(valid));
    await expect(fetchRuntimeConfig(fetchImpl, 'https://studio.test')).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledWith(
      new URL('https://studio.test/config.json'),
      expect.anything(),
    );
  });

  it('falls back to the build-time configuration, and says so, when it cannot', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = vi.fn(async () => new Response(null, { status: 404 }));
    await expect(fetchRuntimeConfig(missing, 'https://studio.test')).resolves.toEqual(
      fallbackConfig(),
    );
    const broken = vi.fn(async () => Response.json({ apiBaseUrl: 1 }));
    await expect(fetchRuntimeConfig(broken, 'https://studio.test')).resolves.toEqual(
      fallbackConfig(),
    );
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
