import { z } from 'zod';

/**
 * The parts of PayPal's Orders v2 / Payments v2 / OAuth responses this app reads (payments.md
 * §2, PayPal's OpenAPI specs). Objects are loose: PayPal adds fields freely, and a field we do
 * not read must never make a valid answer look broken.
 */

export const paypalToken = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  /** Seconds. */
  expires_in: z.number().positive(),
});
export type PaypalToken = z.infer<typeof paypalToken>;

export const paypalLink = z.looseObject({
  href: z.string(),
  rel: z.string(),
  method: z.string().optional(),
});
export type PaypalLink = z.infer<typeof paypalLink>;

export const paypalMoney = z.looseObject({
  currency_code: z.string(),
  value: z.string(),
});
export type PaypalMoney = z.infer<typeof paypalMoney>;

export const paypalCaptureStatuses = [
  'COMPLETED',
  'DECLINED',
  'PARTIALLY_REFUNDED',
  'PENDING',
  'REFUNDED',
  'FAILED',
] as const;

export const paypalCapture = z.looseObject({
  id: z.string().min(1),
  /** Kept as a string: an unknown future status must reach the mapper, which refuses to grant. */
  status: z.string(),
  status_details: z.looseObject({ reason: z.string().optional() }).optional(),
  amount: paypalMoney.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  final_capture: z.boolean().optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
  supplementary_data: z
    .looseObject({
      related_ids: z.looseObject({ order_id: z.string().optional() }).optional(),
    })
    .optional(),
  links: z.array(paypalLink).optional(),
});
export type PaypalCapture = z.infer<typeof paypalCapture>;

export const paypalPurchaseUnit = z.looseObject({
  reference_id: z.string().optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  amount: paypalMoney.optional(),
  payments: z.looseObject({ captures: z.array(paypalCapture).optional() }).optional(),
});

export const paypalOrderStatuses = [
  'CREATED',
  'SAVED',
  'APPROVED',
  'VOIDED',
  'COMPLETED',
  'PAYER_ACTION_REQUIRED',
] as const;

export const paypalOrder = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  links: z.array(paypalLink).optional(),
  purchase_units: z.array(paypalPurchaseUnit).optional(),
});
export type PaypalOrder = z.infer<typeof paypalOrder>;

export const paypalRefund = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  amount: paypalMoney.optional(),
});
export type PaypalRefund = z.infer<typeof paypalRefund>;

/** PayPal's error body: `name`, `message`, `debug_id` and `details[].issue`. */
export const paypalErrorBody = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(z.looseObject({ issue: z.string().optional(), description: z.string().optional() }))
    .optional(),
  links: z.array(paypalLink).optional(),
  // The OAuth endpoint answers in OAuth's own shape.
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export const paypalWebhookVerification = z.looseObject({
  verification_status: z.string(),
});

/** The webhook envelope (S7 `event`); the resource is read per event type. */
export const paypalWebhookEvent = z.looseObject({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(255),
  resource_type: z.string().optional(),
  create_time: z.string().optional(),
  resource: z.record(z.string(), z.unknown()).optional(),
});
export type PaypalWebhookEvent = z.infer<typeof paypalWebhookEvent>;

/** The payer-approval URL of a freshly created order: `payer-action` (experience_context) or `approve`. */
export function approvalLinkOf(order: PaypalOrder): string | undefined {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
}

/** Every capture of every purchase unit (we create one unit, PayPal may answer with more). */
export function capturesOf(order: PaypalOrder): PaypalCapture[] {
  return (order.purchase_units ?? []).flatMap((unit) => unit.payments?.captures ?? []);
}
