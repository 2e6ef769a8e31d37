import { z } from 'zod';

/**
 * The error body every API error uses. §8 reads, in order: a string body, `message`, `error`,
 * then the joined `errors` list; the API always sends `message` and, for validation, `errors`.
 */
export const errorResponse = z.object({
  message: z.string(),
  error: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A trimmed e-mail address (§5: required, must look like an e-mail), stored lower-cased. */
export const emailAddress = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is invalid')
  .pipe(z.email('Email is invalid'))
  .transform((email) => email.toLowerCase());
