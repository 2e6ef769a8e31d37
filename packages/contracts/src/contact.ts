import { z } from 'zod';
import { emailAddress } from './common.ts';

/** POST /api/contact: the About Us contact form. Messages are stored, never lost. */
export const contactRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: emailAddress,
  subject: z.string().trim().min(1, 'Subject is required').max(150, 'Subject is too long'),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message is too long'),
  language: z.enum(['en', 'vi']).optional(),
});
export type ContactRequest = z.input<typeof contactRequest>;

export const contactResponse = z.object({
  id: z.string(),
  receivedAt: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponse>;
