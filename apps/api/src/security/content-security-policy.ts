import type { IdentityConfig } from '../domains/auth/identity-config.ts';

export type CspDirectives = Record<string, string[]>;

/** What the policies depend on: the outside services the browser calls, and https. */
interface CspConfig {
  geolocationServices: string[];
  identity: IdentityConfig | null;
  isHttps: boolean;
}

/** Origins the browser may call besides ours: the configured IP geolocation services (§7). */
function geolocationOrigins(templates: string[]): string[] {
  const origins = templates.map(
    (template) => new URL(template.replaceAll('{ip}', '192.0.2.1')).origin,
  );
  return [...new Set(origins)];
}

/**
 * The product's policy: only our own scripts, fonts and images (plus data: images); no plugins,
 * no framing, no foreign form targets, no <base>. Styles also allow inline: Radix injects a <style>
 * element for its scroll lock and components set a few style attributes (theme swatches); inline
 * CSS cannot run script, and script-src stays strictly 'self' (security.md §1.9).
 */
export function productCsp(config: CspConfig): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // blob: for the chat's uploaded images and spoken replies: the SPA fetches them with the
    // bearer token (never in a URL) and shows them through object URLs it made itself.
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...geolocationOrigins(config.geolocationServices),
      ...identityOrigins(config),
    ],
    // MSAL's silent renewal loads the identity service's /authorize in a hidden iframe.
    'frame-src': ["'self'", ...identityOrigins(config)],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    ...(config.isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * MSAL talks to a real identity service directly (token endpoint over fetch, /authorize in a
 * hidden iframe): its origins. The sandbox is mounted on our own origin and needs none.
 */
function identityOrigins(config: CspConfig): string[] {
  const identity = config.identity;
  if (!identity || identity.mode === 'sandbox') return [];
  const origins = new Set<string>();
  for (const address of [identity.authority, identity.resetPasswordAuthority, identity.issuer]) {
    if (address) origins.add(new URL(address).origin);
  }
  for (const host of identity.knownAuthorities) origins.add(`https://${host}`);
  return [...origins];
}

/** Swagger UI (/api/docs) calls only our own API. */
export function docsCsp(config: CspConfig): CspDirectives {
  return { ...productCsp(config), 'connect-src': ["'self'"] };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}
