import { isIP } from 'node:net';
import { z } from 'zod';
import { type ConfigContext, type Parsed, parsedConfigModule } from '../../env/config-module.ts';
import { commaListSchema } from '../../env/variables.ts';

/**
 * WebAuthn relying-party configuration (security.md §3): the RP ID every credential is scoped
 * to, the name authenticators show, and the exact origins a ceremony may come from. This module
 * checks the variables, derives the defaults from PUBLIC_URL and says what is wrong, all at once.
 */

export interface WebauthnConfig {
  /** A domain name (never an IP address), equal to or a registrable suffix of every origin's host. */
  rpId: string;
  rpName: string;
  /** Exact `scheme://host[:port]` strings compared with clientDataJSON.origin. */
  origins: string[];
  /**
   * Why ceremonies cannot work with this configuration (an IP-address PUBLIC_URL with no
   * WEBAUTHN_RP_ID), or null. The begin endpoints then answer 503 instead of options a browser
   * would refuse.
   */
  unavailable: string | null;
}

const schema = z.object({
  // Checked in depth by parseWebauthnConfig (IP addresses, origins, suffixes).
  WEBAUTHN_RP_ID: z.string().optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(64, 'must be at most 64 characters').optional(),
  WEBAUTHN_ORIGINS: commaListSchema.optional(),
});
type WebauthnEnv = z.output<typeof schema>;

export const defaultRpName = 'AI Studio';

/** A URL's host name without the brackets of an IPv6 literal. */
function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Browsers treat these as secure contexts over plain http. */
export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * Whether `rpId` may scope credentials used from `hostname`: the host itself, or a parent
 * domain on a label boundary. A bare top-level label (`com`) is never a parent: browsers refuse
 * a public suffix, and without the public suffix list a one-label parent is the clear case.
 */
export function rpIdCovers(rpId: string, hostname: string): boolean {
  if (rpId === hostname) return true;
  return rpId.includes('.') && hostname.endsWith(`.${rpId}`);
}

/** An origin as browsers serialise it in clientDataJSON, or null when it is not one. */
export function parseOrigin(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // No trailing slash and no default port: `new URL().origin` is the browser's serialisation.
  if (value !== url.origin) return null;
  return url;
}

const rpIdShape =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function parseWebauthnConfig(env: WebauthnEnv, context: ConfigContext): Parsed<WebauthnConfig> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const { production, publicUrl } = context;
  const publicHost = hostnameOf(new URL(publicUrl));

  const origins = env.WEBAUTHN_ORIGINS ?? [new URL(publicUrl).origin];
  const originUrls: URL[] = [];
  for (const origin of origins) {
    const url = parseOrigin(origin);
    if (url === null) {
      problems.push(
        `WEBAUTHN_ORIGINS: "${origin}" is not an origin; write scheme://host[:port] without a path or trailing slash (e.g. https://studio.example)`,
      );
      continue;
    }
    originUrls.push(url);
    if (production && url.protocol === 'http:' && !isLocalhost(url.hostname)) {
      problems.push(
        `WEBAUTHN_ORIGINS: "${origin}" is plain http; in production only https origins (or http://localhost) are accepted`,
      );
    }
  }

  let unavailable: string | null = null;
  const rpId = env.WEBAUTHN_RP_ID ?? publicHost;
  if (env.WEBAUTHN_RP_ID !== undefined) {
    if (isIP(rpId) !== 0) {
      problems.push(
        'WEBAUTHN_RP_ID: must be a domain name, not an IP address (browsers refuse IP addresses as a relying party ID)',
      );
    } else if (!rpIdShape.test(rpId)) {
      problems.push(
        'WEBAUTHN_RP_ID: must be a lower-case domain name without scheme or port (e.g. studio.example)',
      );
    }
  } else if (isIP(rpId) !== 0) {
    // Derived from an IP-address PUBLIC_URL: the rest of the product works there, passkeys cannot.
    unavailable = `PUBLIC_URL's host ${rpId} is an IP address, which browsers refuse as a WebAuthn relying party ID`;
    warnings.push(
      `${unavailable}: passkeys are unavailable. Reach the product by a host name (e.g. http://localhost:PORT) or set WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS.`,
    );
  }

  if (unavailable === null && isIP(rpId) === 0) {
    const outside = originUrls.filter((url) => !rpIdCovers(rpId, hostnameOf(url)));
    if (outside.length > 0) {
      const variable = env.WEBAUTHN_RP_ID === undefined ? 'WEBAUTHN_ORIGINS' : 'WEBAUTHN_RP_ID';
      problems.push(
        `${variable}: the relying party ID "${rpId}" must equal, or be a parent domain of, the host of every origin; not so for ${outside.map((url) => url.origin).join(', ')}`,
      );
    }
  }

  return {
    config: { rpId, rpName: env.WEBAUTHN_RP_NAME ?? defaultRpName, origins, unavailable },
    problems,
    warnings,
  };
}

export const webauthnConfigModule = parsedConfigModule('webauthn', schema, parseWebauthnConfig);
