import { z } from 'zod';

/** Where a payment stands, as /payment/callback shows it. */
export const paymentStatus = z.enum(['pending', 'completed', 'failed']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** GET /api/payments/status/{id} (§7). */
export const paymentStatusResponse = z.object({
  transactionRef: z.string(),
  status: paymentStatus,
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;
