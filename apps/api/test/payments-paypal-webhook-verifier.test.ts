import { createHmac, sign } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { createSelfSignedCertificate } from '@studio/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createWebhookVerifier,
  isTrustedCertUrl,
  signedMessage,
} from '../src/domains/payments/paypal/webhook-verifier.ts';

const webhookId = 'WH-OURS-123';
const certUrl = 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594';
const sandboxPrefix = 'http://localhost:3000/sandbox/paypal/v1/notifications/certs/';

let keyPem = '';
let certPem = '';

/** A throwaway RSA key and self-signed certificate, valid from yesterday to tomorrow. */
function makeCertificate(): { key: string; cert: string } {
  const now = Date.now();
  const made = createSelfSignedCertificate({
    subject: {
      commonName: 'messageverificationcerts.paypal.com',
      organization: 'PayPal',
      country: 'US',
    },
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 86_400_000),
  });
  return {
    key: made.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: made.pem,
  };
}

beforeAll(() => {
  const made = makeCertificate();
  keyPem = made.key;
  certPem = made.cert;
});

const rawEvent = Buffer.from(
  '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"CAP-1","custom_id":"pay-1"}}',
);

/** The headers PayPal would send for `body`, signed the way PayPal signs. */
function signedHeaders(
  body: Buffer,
  overrides: Record<string, string> = {},
  signWithId = webhookId,
) {
  const transmissionId = 'a1b2c3d4-0000-1111-2222-333344445555';
  const transmissionTime = '2026-11-21T10:00:00Z';
  const signature = sign(
    'sha256',
    Buffer.from(signedMessage(transmissionId, transmissionTime, signWithId, body)),
    keyPem,
  ).toString('base64');
  return {
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': signature,
    'paypal-cert-url': certUrl,
    'paypal-auth-algo': 'SHA256withRSA',
    ...overrides,
  };
}

function certServer(pem = () => certPem) {
  const fetched: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return new Response(pem(), { status: 200, headers: { 'content-type': 'text/plain' } });
  }) as typeof globalThis.fetch;
  return { fetch, fetched };
}

describe('PayPal webhook verification (offline)', () => {
  it('signs id|time|webhook id|CRC32 of the raw bytes, the CRC as an unsigned decimal', () => {
    // crc32("a") has its top bit set: a signed 32-bit print would be negative.
    expect(crc32('a')).toBe(3904355907);
    expect(signedMessage('T', '2026-11-21T10:00:00Z', 'WH', Buffer.from('a'))).toBe(
      'T|2026-11-21T10:00:00Z|WH|3904355907',
    );
  });

  it('accepts an event signed with the certificate from a PayPal host', async () => {
    const server = certServer();
    const verifier = createWebhookVerifier({ webhookId, fetch: server.fetch });
    await expect(verifier.verify(signedHeaders(rawEvent), rawEvent)).resolves.toEqual({ ok: true });
    expect(server.fetched).toEqual([certUrl]);
  });

  it('downloads each certificate once', async () => {
    const server = certServer();
    const verifier = createWebhookVerifier({ webhookId, fetch: server.fetch });
    await verifier.verify(signedHeaders(rawEvent), rawEvent);
    await verifier.verify(signedHeaders(rawEvent), rawEvent);
    expect(server.fetched).toHaveLength(1);
  });

  it('refuses the same event re-serialised (JSON.stringify of the parsed body)', async () => {
    const verifier = createWebhookVerifier({ webhookId, fetch: certServer().fetch });
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(rawEvent.toString()), null, 1));
    await expect(verifier.verify(signedHeaders(rawEvent), reserialised)).resolves.toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it("refuses an event signed for another webhook id (another app's events)", async () => {
    const verifier = createWebhookVerifier({ webhookId, fetch: certServer().fetch });
    await expect(
      verifier.verify(signedHeaders(rawEvent, {}, 'WH-SOMEONE-ELSE'), rawEvent),
    ).resolves.toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a forged signature and an HMAC in place of RSA', async () => {
    const verifier = createWebhookVerifier({ webhookId, fetch: certServer().fetch });
    const good = signedHeaders(rawEvent);
    const flipped = Buffer.from(good['paypal-transmission-sig'], 'base64');
    flipped[10] = (flipped[10] ?? 0) ^ 0xff;
    await expect(
      verifier.verify({ ...good, 'paypal-transmission-sig': flipped.toString('base64') }, rawEvent),
    ).resolves.toEqual({ ok: false, reason: 'bad_signature' });

    const hmac = createHmac('sha256', webhookId)
      .update(
        signedMessage(
          good['paypal-transmission-id'],
          good['paypal-transmission-time'],
          webhookId,
          rawEvent,
        ),
      )
      .digest('base64');
    await expect(
      verifier.verify({ ...good, 'paypal-transmission-sig': hmac }, rawEvent),
    ).resolves.toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('never fetches a certificate from a host that is not PayPal', async () => {
    const server = certServer();
    const verifier = createWebhookVerifier({ webhookId, fetch: server.fetch });
    for (const url of [
      'https://evil.example/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.evil.example/certs/CERT-1',
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com:8443/v1/notifications/certs/CERT-1',
      'https://user@api.paypal.com/v1/notifications/certs/CERT-1',
      'not a url',
    ]) {
      await expect(
        verifier.verify(signedHeaders(rawEvent, { 'paypal-cert-url': url }), rawEvent),
      ).resolves.toEqual({ ok: false, reason: 'untrusted_cert_url' });
    }
    expect(server.fetched).toEqual([]);
  });

  it("trusts the emulator's certificate prefix only when it is configured (sandbox mode)", () => {
    const emulatorCert = `${sandboxPrefix}CERT-run-1`;
    expect(isTrustedCertUrl(emulatorCert)).toBe(false);
    expect(isTrustedCertUrl(emulatorCert, sandboxPrefix)).toBe(true);
    expect(isTrustedCertUrl(`${sandboxPrefix}../../evil`, sandboxPrefix)).toBe(false);
    expect(isTrustedCertUrl(`${sandboxPrefix}CERT-1?x=https://evil`, sandboxPrefix)).toBe(false);
    expect(
      isTrustedCertUrl('https://api-m.paypal.com/v1/notifications/certs/C', sandboxPrefix),
    ).toBe(true);
  });

  it('refuses missing headers and algorithms other than SHA256withRSA', async () => {
    const verifier = createWebhookVerifier({ webhookId, fetch: certServer().fetch });
    const unsigned: Record<string, string> = signedHeaders(rawEvent);
    delete unsigned['paypal-transmission-sig'];
    await expect(verifier.verify(unsigned, rawEvent)).resolves.toEqual({
      ok: false,
      reason: 'missing_headers',
    });
    await expect(
      verifier.verify(signedHeaders(rawEvent, { 'paypal-auth-algo': 'SHA1withRSA' }), rawEvent),
    ).resolves.toEqual({ ok: false, reason: 'unsupported_algorithm' });
  });

  it('refuses a certificate that is not valid now, and retries a failed download later', async () => {
    const later = createWebhookVerifier({
      webhookId,
      fetch: certServer().fetch,
      now: () => new Date(Date.now() + 10 * 86_400_000),
    });
    await expect(later.verify(signedHeaders(rawEvent), rawEvent)).resolves.toEqual({
      ok: false,
      reason: 'certificate_invalid',
    });

    let serve = 'not a certificate';
    const server = certServer(() => serve);
    const verifier = createWebhookVerifier({ webhookId, fetch: server.fetch });
    await expect(verifier.verify(signedHeaders(rawEvent), rawEvent)).resolves.toEqual({
      ok: false,
      reason: 'certificate_unavailable',
    });
    serve = certPem;
    await expect(verifier.verify(signedHeaders(rawEvent), rawEvent)).resolves.toEqual({ ok: true });
    expect(server.fetched).toHaveLength(2);
  });
});
