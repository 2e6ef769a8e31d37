import { jsonResponse, parseJsonBody, type SandboxResponse } from '../exchange.ts';
import { invalidRequest, malformedJson } from './errors.ts';
import { signedMessage, verifyTransmission } from './webhooks.ts';

/**
 * `POST /v1/notifications/verify-webhook-signature` (payments.md §2.8, option 1): the merchant
 * posts the transmission headers, its webhook id and the parsed event; the answer is
 * verification_status SUCCESS or FAILURE.
 */

const requiredFields = [
  'auth_algo',
  'cert_url',
  'transmission_id',
  'transmission_sig',
  'transmission_time',
  'webhook_id',
] as const;

export interface PostbackContext {
  certUrl: string;
  webhookId: string;
  certificatePem: string;
  /** The exact body sent for an event id, when this emulator sent it. */
  sentBodyOf(eventId: string): string | undefined;
}

export function answerSignaturePostback(
  rawBody: string,
  context: PostbackContext,
): SandboxResponse {
  const body = parseJsonBody(rawBody);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return malformedJson();
  const input = body as Record<string, unknown>;
  const missing: string[] = requiredFields.filter((field) => typeof input[field] !== 'string');
  const event = input.webhook_event;
  if (typeof event !== 'object' || event === null) missing.push('webhook_event');
  if (missing.length > 0) {
    return invalidRequest(
      missing.map((field) => ({
        field: `/${field}`,
        location: 'body' as const,
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'A required field / parameter is missing.',
      })),
    );
  }
  const text = (field: (typeof requiredFields)[number]) => String(input[field]);
  const eventId = (event as { id?: unknown }).id;
  const rawEvent =
    (typeof eventId === 'string' ? context.sentBodyOf(eventId) : undefined) ??
    JSON.stringify(event);
  const verified =
    text('auth_algo') === 'SHA256withRSA' &&
    text('cert_url') === context.certUrl &&
    text('webhook_id') === context.webhookId &&
    verifyTransmission(
      signedMessage(
        text('transmission_id'),
        text('transmission_time'),
        text('webhook_id'),
        rawEvent,
      ),
      text('transmission_sig'),
      context.certificatePem,
    );
  return jsonResponse(200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' });
}
