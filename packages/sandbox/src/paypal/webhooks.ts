import {
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32 } from 'node:zlib';

/**
 * Signed webhook delivery (payments.md §2.8): the body is the event JSON; the signature is
 * RSA-SHA256 over `transmission_id|transmission_time|webhook_id|crc32(raw body)` (CRC as an
 * unsigned decimal), base64, verifiable with the certificate at PAYPAL-CERT-URL.
 */

export type WebhookDeliver = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ status: number }>;

export interface WebhookAttempt {
  eventId: string;
  eventType: string;
  attempt: number;
  /** The receiver's HTTP status; null when no answer came. */
  status: number | null;
  at: string;
}

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: unknown;
  links: { href: string; rel: string; method: string }[];
}

export function signedMessage(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: string,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8')) >>> 0}`;
}

export function signTransmission(message: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

export function verifyTransmission(
  message: string,
  signature: string,
  certificatePem: string,
): boolean {
  try {
    const certificate = new X509Certificate(certificatePem);
    return verify(
      'sha256',
      Buffer.from(message, 'utf8'),
      certificate.publicKey,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

export function webhookEventId(): string {
  return `WH-${randomBytes(9).toString('hex').toUpperCase()}-${randomBytes(9).toString('hex').toUpperCase()}`;
}

export async function fetchWebhookDeliver(
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
): Promise<{ status: number }> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return { status: response.status };
}

/** How one transmission departs from an honest one (sendWebhook's knobs). */
export interface TransmissionTampering {
  signWithWebhookId?: string;
  certUrl?: string;
  corruptSignature?: boolean;
  /** Send a re-serialised body (different whitespace) after signing the compact one. */
  reserialiseBody?: boolean;
}

export interface WebhookSender {
  readonly log: readonly WebhookAttempt[];
  /** The raw bodies sent, by event id (the postback verification looks the event up here). */
  readonly sent: ReadonlyMap<string, { rawBody: string; transmissions: Set<string> }>;
  /** Delivers one transmission of an event, retrying non-2xx answers. */
  transmit(event: WebhookEvent, tampering?: TransmissionTampering): Promise<void>;
  /** Settles once every delivery started so far has finished (for tests). */
  idle(): Promise<void>;
}

export function createWebhookSender(options: {
  url: string;
  webhookId: string;
  certUrl: string;
  privateKey: KeyObject;
  deliver: WebhookDeliver;
  retry: { tries: number; delayMs: number };
  now: () => Date;
}): WebhookSender {
  const log: WebhookAttempt[] = [];
  const sent = new Map<string, { rawBody: string; transmissions: Set<string> }>();
  const attempts = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();

  async function attempt(event: WebhookEvent, headers: Record<string, string>, body: string) {
    const number = (attempts.get(event.id) ?? 0) + 1;
    attempts.set(event.id, number);
    let status: number | null = null;
    try {
      status = (await options.deliver(options.url, { method: 'POST', headers, body })).status;
    } catch {
      // No answer: retried like a 5xx.
    }
    log.push({
      eventId: event.id,
      eventType: event.event_type,
      attempt: number,
      status,
      at: options.now().toISOString(),
    });
    return status !== null && status >= 200 && status < 300;
  }

  async function run(event: WebhookEvent, tampering: TransmissionTampering) {
    const rawBody = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = options.now().toISOString();
    const signedFor = tampering.signWithWebhookId ?? options.webhookId;
    let signature = signTransmission(
      signedMessage(transmissionId, transmissionTime, signedFor, rawBody),
      options.privateKey,
    );
    if (tampering.corruptSignature) {
      const bytes = Buffer.from(signature, 'base64');
      bytes[0] = (bytes[0] ?? 0) ^ 0xff;
      signature = bytes.toString('base64');
    }
    const body = tampering.reserialiseBody ? JSON.stringify(event, null, 2) : rawBody;
    const known = sent.get(event.id) ?? { rawBody, transmissions: new Set<string>() };
    known.transmissions.add(transmissionId);
    sent.set(event.id, known);
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': signature,
      'paypal-cert-url': tampering.certUrl ?? options.certUrl,
      'paypal-auth-algo': 'SHA256withRSA',
      'user-agent': 'PayPal/AUHD-214.0-58128412',
    };
    for (let call = 1; call <= options.retry.tries; call += 1) {
      if (await attempt(event, headers, body)) return;
      if (call < options.retry.tries) await sleep(options.retry.delayMs, undefined, { ref: false });
    }
  }

  return {
    log,
    sent,
    transmit(event, tampering = {}) {
      const delivery = run(event, tampering);
      inFlight.add(delivery);
      const forget = () => {
        inFlight.delete(delivery);
      };
      delivery.then(forget, forget);
      return delivery;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
