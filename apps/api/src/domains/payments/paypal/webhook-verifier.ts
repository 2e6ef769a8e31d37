import { type KeyObject, verify as verifySignature, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FetchFunction } from './client.ts';

/**
 * Offline verification of PayPal webhooks (payments.md §2.8 option 2). PayPal signs
 * `transmission_id|transmission_time|webhook_id|crc32(raw body)` (the CRC32 as an unsigned
 * decimal over the exact bytes received) with RSA-SHA256; the certificate comes from
 * PAYPAL-CERT-URL, which is only trusted on PayPal's own API hosts over HTTPS. The mistakes seen
 * in public code are each refused here: HMAC/SHA instead of CRC32, a re-serialised body, a
 * missing webhook id ("skip verification"), any certificate URL.
 */

/** PayPal's API hosts that serve webhook certificates (live and sandbox). */
export const paypalCertHosts: readonly string[] = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

/** The only algorithm PayPal signs webhooks with. */
const supportedAlgorithm = 'SHA256withRSA';
/** Certificates are few (PayPal rotates rarely); a bound keeps a flood of URLs from growing it. */
const maxCachedCertificates = 16;
/** A certificate is a few KB; anything larger is not one. */
const maxCertificateBytes = 64 * 1024;

export type WebhookRejection =
  /** No webhook id configured: nothing can be verified, so nothing is accepted. */
  | 'no_webhook_id'
  | 'missing_headers'
  | 'unsupported_algorithm'
  | 'untrusted_cert_url'
  | 'certificate_unavailable'
  | 'certificate_invalid'
  | 'bad_signature';

export type WebhookVerdict = { ok: true } | { ok: false; reason: WebhookRejection };

export interface WebhookVerifierOptions {
  /** Our webhook's id at PayPal; part of the signed message, so another app's events fail. */
  webhookId: string;
  /** How certificates are downloaded (the emulator's in-process fetch in sandbox mode). */
  fetch: FetchFunction;
  /**
   * Sandbox mode only: the emulator's certificate URL prefix, trusted in addition to PayPal's
   * hosts (it is served by this very process). Never set with real credentials.
   */
  sandboxCertPrefix?: string;
  /** Certificate validity is checked against this clock. */
  now?: () => Date;
  timeoutMs?: number;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The exact message PayPal signs. */
export function signedMessage(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: Buffer,
): string {
  // zlib.crc32 returns the unsigned 32-bit value, which is what PayPal prints in decimal.
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

/** Whether a PAYPAL-CERT-URL may be fetched and trusted. */
export function isTrustedCertUrl(value: string, sandboxCertPrefix?: string): boolean {
  if (sandboxCertPrefix !== undefined && value.startsWith(sandboxCertPrefix)) {
    // The prefix is a whole path segment ("…/certs/"), and nothing may climb out of it.
    const rest = value.slice(sandboxCertPrefix.length);
    return /^[A-Za-z0-9_-]+$/.test(rest);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    paypalCertHosts.includes(url.hostname)
  );
}

export type WebhookVerifier = ReturnType<typeof createWebhookVerifier>;

export function createWebhookVerifier(options: WebhookVerifierOptions) {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  // By URL: PayPal's certificate URLs name the certificate, so one URL is one certificate.
  const certificates = new Map<string, Promise<X509Certificate>>();

  async function download(url: string): Promise<X509Certificate> {
    const response = await options.fetch(url, {
      method: 'GET',
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`certificate download answered ${response.status}`);
    const pem = await response.text();
    if (Buffer.byteLength(pem) > maxCertificateBytes) throw new Error('certificate too large');
    // The URL may serve a chain: the first certificate is the signer's.
    return new X509Certificate(pem);
  }

  function certificateAt(url: string): Promise<X509Certificate> {
    let pending = certificates.get(url);
    if (!pending) {
      if (certificates.size >= maxCachedCertificates) {
        const oldest = certificates.keys().next().value;
        if (oldest !== undefined) certificates.delete(oldest);
      }
      pending = download(url);
      certificates.set(url, pending);
      // A failed download is not remembered: the next delivery tries again.
      pending.catch(() => certificates.delete(url));
    }
    return pending;
  }

  function isCurrent(certificate: X509Certificate): boolean {
    const at = now().getTime();
    return Date.parse(certificate.validFrom) <= at && at <= Date.parse(certificate.validTo);
  }

  return {
    async verify(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookVerdict> {
      // "Skip verification when the webhook id is unset" is the classic hole: refuse instead.
      if (options.webhookId.trim() === '') return { ok: false, reason: 'no_webhook_id' };
      const transmissionId = header(headers, 'paypal-transmission-id');
      const transmissionTime = header(headers, 'paypal-transmission-time');
      const signature = header(headers, 'paypal-transmission-sig');
      const certUrl = header(headers, 'paypal-cert-url');
      const algorithm = header(headers, 'paypal-auth-algo');
      if (!transmissionId || !transmissionTime || !signature || !certUrl || !algorithm) {
        return { ok: false, reason: 'missing_headers' };
      }
      if (algorithm !== supportedAlgorithm) return { ok: false, reason: 'unsupported_algorithm' };
      if (!isTrustedCertUrl(certUrl, options.sandboxCertPrefix)) {
        return { ok: false, reason: 'untrusted_cert_url' };
      }

      let certificate: X509Certificate;
      try {
        certificate = await certificateAt(certUrl);
      } catch {
        return { ok: false, reason: 'certificate_unavailable' };
      }
      if (!isCurrent(certificate)) return { ok: false, reason: 'certificate_invalid' };

      const message = signedMessage(transmissionId, transmissionTime, options.webhookId, rawBody);
      let valid = false;
      try {
        const key: KeyObject = certificate.publicKey;
        valid = verifySignature(
          'sha256',
          Buffer.from(message, 'utf8'),
          key,
          Buffer.from(signature, 'base64'),
        );
      } catch {
        valid = false;
      }
      return valid ? { ok: true } : { ok: false, reason: 'bad_signature' };
    },
  };
}
