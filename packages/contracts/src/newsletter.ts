import { z } from 'zod';
import { emailAddress } from './common.ts';

/**
 * POST /api/newsletter: the footer's sign-up. Idempotent per e-mail; double opt-in: the address
 * is only subscribed after the link in the confirmation e-mail is followed.
 */
export const newsletterRequest = z.object({
  email: emailAddress,
  agreed: z.literal(true, { error: 'Please accept to receive our newsletter' }),
  language: z.enum(['en', 'vi']).optional(),
});
export type NewsletterRequest = z.input<typeof newsletterRequest>;

export const newsletterStatus = z.enum(['pending', 'confirmed']);
export const newsletterResponse = z.object({ status: newsletterStatus });
export type NewsletterResponse = z.infer<typeof newsletterResponse>;

/** GET /api/newsletter/confirm?token=: follows the e-mailed link. */
export const newsletterConfirmQuery = z.object({ token: z.string().min(20).max(200) });
