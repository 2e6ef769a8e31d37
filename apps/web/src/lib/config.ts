import type { IdentityClientConfig, RuntimeConfig } from '@studio/contracts';

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
    identity: null,
  };
}

const environments: readonly string[] = ['development', 'test', 'production'];
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown) => value === null || isString(value);
const isStringList = (value: unknown) => Array.isArray(value) && value.every(isString);

/** Each member of the contract's identityClientConfig, and what it must be. */
const identityFields: Record<keyof IdentityClientConfig, (value: unknown) => boolean> = {
  protocolMode: (value) => value === 'aad' || value === 'oidc',
  clientId: isString,
  authority: isString,
  resetPasswordAuthority: isNullableString,
  knownAuthorities: isStringList,
  scopes: isStringList,
  authorityMetadata: isNullableString,
  redirectPath: isString,
  postLogoutRedirectPath: isString,
  sandbox: (value) => typeof value === 'boolean',
};

/** The `identity` member: null, or every member of the contract (and no other). */
function readIdentity(body: unknown): IdentityClientConfig | null {
  if (body === null) return null;
  if (typeof body !== 'object') throw new Error('/config.json identity is not an object');
  const value = body as Record<string, unknown>;
  const fields = Object.entries(identityFields);
  if (!fields.every(([name, valid]) => valid(value[name]))) {
    throw new Error('/config.json identity does not match the identity client contract');
  }
  // Every member has just been checked; copying them leaves out anything unknown.
  return Object.fromEntries(
    fields.map(([name]) => [name, value[name]]),
  ) as unknown as IdentityClientConfig;
}

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
    identity: readIdentity(value['identity']),
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
