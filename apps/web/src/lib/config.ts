import type { RuntimeConfig } from '@studio/contracts';

/**
 * What the app runs with when /config.json cannot be read: the build-time API base URL
 * (VITE_API_BASE_URL, empty for the same origin) and nothing optional switched on.
 */
export function fallbackConfig(): RuntimeConfig {
  return {
    apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    environment: 'production',
    sandbox: false,
    geolocationServices: [],
    mailboxUrl: null,
  };
}

const environments: readonly string[] = ['development', 'test', 'production'];

/**
 * Checks /config.json against the contract's runtimeConfig shape. Written out by hand rather
 * than with the zod schema because it runs on every first load, which must not download the
 * schema library; config.test.ts holds it in agreement with the schema.
 */
export function readRuntimeConfig(body: unknown): RuntimeConfig {
  if (typeof body !== 'object' || body === null) throw new Error('/config.json is not an object');
  const value = body as Record<string, unknown>;
  const services = value['geolocationServices'];
  const mailbox = value['mailboxUrl'];
  if (
    typeof value['apiBaseUrl'] !== 'string' ||
    typeof value['environment'] !== 'string' ||
    !environments.includes(value['environment']) ||
    typeof value['sandbox'] !== 'boolean' ||
    !Array.isArray(services) ||
    !services.every((service) => typeof service === 'string') ||
    (mailbox !== null && typeof mailbox !== 'string')
  ) {
    throw new Error('/config.json does not match the runtime configuration contract');
  }
  return {
    apiBaseUrl: value['apiBaseUrl'],
    environment: value['environment'] as RuntimeConfig['environment'],
    sandbox: value['sandbox'],
    geolocationServices: services as string[],
    mailboxUrl: mailbox,
  };
}

/**
 * §7: the runtime configuration the server serves at /config.json, read once at start. A failure
 * is logged and the build-time fallback used: the app must still start.
 */
export async function fetchRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  origin: string = window.location.origin,
): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl(new URL('/config.json', origin), {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    return readRuntimeConfig(await response.json());
  } catch (error) {
    console.warn('Runtime configuration unavailable; using the build-time defaults.', error);
    return fallbackConfig();
  }
}
