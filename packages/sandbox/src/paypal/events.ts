import type { Money } from './order-request.ts';
import { type Capture, captureResource, type Order, orderResource, type Urls } from './orders.ts';
import { type Refund, refundResource } from './refunds.ts';
import { type WebhookEvent, webhookEventId } from './webhooks.ts';

/** Webhook event envelopes (payments.md §2.8): id WH-…, create_time, resource, summary, links. */

function money(amount: Money): string {
  return `${amount.currency_code === 'USD' ? '$ ' : ''}${amount.value} ${amount.currency_code}`;
}

export interface EventFactory {
  orderEvent(eventType: string, order: Order, createdAt?: Date): WebhookEvent;
  captureEvent(eventType: string, capture: Capture, createdAt?: Date): WebhookEvent;
  refundEvent(
    eventType: 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED',
    refund: Refund,
    capture: Capture | null,
  ): WebhookEvent;
  /** For sendWebhook: a CHECKOUT.* event carries the order, anything else the order's capture. */
  eventFor(eventType: string, order: Order, createdAt?: Date): WebhookEvent;
  /** The 'out_of_order' knob's stale event: an earlier state, dated a minute back. */
  olderEventFor(eventType: string, order: Order): WebhookEvent;
}

export function createEventFactory(urls: Urls, now: () => Date): EventFactory {
  function envelope(
    eventType: string,
    resourceType: string,
    resource: unknown,
    summary: string,
    createdAt: Date,
  ): WebhookEvent {
    const id = webhookEventId();
    const self = `${urls.api}/v1/notifications/webhooks-events/${id}`;
    return {
      id,
      event_version: '1.0',
      create_time: createdAt.toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
  }

  const factory: EventFactory = {
    orderEvent(eventType, order, createdAt = now()) {
      const summary =
        eventType === 'CHECKOUT.ORDER.APPROVED'
          ? 'An order has been approved by buyer'
          : `Checkout order ${order.id} event`;
      return envelope(eventType, 'checkout-order', orderResource(urls, order), summary, createdAt);
    },
    captureEvent(eventType, capture, createdAt = now()) {
      const verb = eventType.split('.').at(-1)?.toLowerCase() ?? 'updated';
      return envelope(
        eventType,
        'capture',
        captureResource(urls, capture),
        `Payment ${verb} for ${money(capture.amount)}`,
        createdAt,
      );
    },
    refundEvent(eventType, refund, capture) {
      const verb = eventType === 'PAYMENT.CAPTURE.REFUNDED' ? 'refunded' : 'reversed';
      return envelope(
        eventType,
        'refund',
        refundResource(urls, refund, capture),
        `A ${money(refund.amount)} capture payment was ${verb}`,
        now(),
      );
    },
    eventFor(eventType, order, createdAt = now()) {
      if (eventType.startsWith('CHECKOUT.')) return factory.orderEvent(eventType, order, createdAt);
      if (!order.capture) throw new Error(`PayPal sandbox: order ${order.id} has no capture yet`);
      return factory.captureEvent(eventType, order.capture, createdAt);
    },
    olderEventFor(eventType, order) {
      const aMinuteAgo = new Date(now().getTime() - 60_000);
      if (eventType === 'PAYMENT.CAPTURE.COMPLETED' && order.capture) {
        const pending: Capture = {
          ...order.capture,
          status: 'PENDING',
          pendingReason: 'PENDING_REVIEW',
        };
        return factory.captureEvent('PAYMENT.CAPTURE.PENDING', pending, aMinuteAgo);
      }
      return factory.orderEvent('CHECKOUT.ORDER.APPROVED', order, aMinuteAgo);
    },
  };
  return factory;
}
