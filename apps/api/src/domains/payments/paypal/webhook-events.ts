import type { PaypalWebhookEvent } from './schemas.ts';

/**
 * Where a webhook event points (payments.md §2.8). Capture events carry the capture
 * (`custom_id`, `supplementary_data.related_ids.order_id`); refund events carry the refund, whose
 * `up` link names the capture; CHECKOUT.* events carry the order (or, for an expired approval,
 * `order_id`). These are only pointers: what happened is read again from PayPal's API.
 */
export interface EventReferences {
  /** Our payment id, copied by PayPal from the purchase unit. */
  customId?: string;
  orderId?: string;
  /** The capture a PAYMENT.CAPTURE.* event is about. */
  captureId?: string;
}

const maxIdLength = 100;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= maxIdLength
    ? value
    : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The capture id at the end of a refund's `up` link (…/v2/payments/captures/{id}). */
function captureIdFromLinks(links: unknown): string | undefined {
  if (!Array.isArray(links)) return undefined;
  for (const link of links) {
    const entry = record(link);
    const href = typeof entry?.['href'] === 'string' ? entry['href'] : undefined;
    if (entry?.['rel'] !== 'up' || href === undefined) continue;
    const match = /\/v2\/payments\/captures\/([^/?#]+)$/.exec(href);
    if (match?.[1]) return text(decodeURIComponent(match[1]));
  }
  return undefined;
}

export function referencesOf(event: PaypalWebhookEvent): EventReferences {
  const resource = event.resource ?? {};
  const firstUnit = record(
    Array.isArray(resource['purchase_units']) ? resource['purchase_units'][0] : undefined,
  );
  const related = record(record(resource['supplementary_data'])?.['related_ids']);
  const isCheckout = event.event_type.startsWith('CHECKOUT.');
  // Refunds and reversals carry the refund; its `up` link names the capture.
  const isRefund =
    event.resource_type === 'refund' ||
    event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ||
    event.event_type === 'PAYMENT.CAPTURE.REVERSED';

  const customId = text(resource['custom_id']) ?? text(firstUnit?.['custom_id']);
  const orderId =
    text(related?.['order_id']) ??
    text(resource['order_id']) ??
    (isCheckout ? text(resource['id']) : undefined);
  const captureId = isCheckout
    ? undefined
    : isRefund
      ? (captureIdFromLinks(resource['links']) ?? text(related?.['capture_id']))
      : text(resource['id']);
  return {
    ...(customId === undefined ? {} : { customId }),
    ...(orderId === undefined ? {} : { orderId }),
    ...(captureId === undefined ? {} : { captureId }),
  };
}
