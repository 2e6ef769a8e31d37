import {
  newsletterRequest,
  type ErrorResponse,
  type NewsletterRequest,
  type NewsletterResponse,
} from '@studio/contracts';
import { http, HttpResponse } from 'msw';

const path = '*/api/newsletter';

export const newsletterHandlers = {
  /** Validates like the API and answers `pending` (double opt-in). */
  success: http.post<never, NewsletterRequest, NewsletterResponse | ErrorResponse>(
    path,
    async ({ request }) => {
      const body = newsletterRequest.safeParse(await request.json());
      if (!body.success) {
        return HttpResponse.json(
          {
            message: 'Validation error. Please check your input.',
            errors: body.error.issues.map((issue) => issue.message),
          },
          { status: 400 },
        );
      }
      return HttpResponse.json({ status: 'pending' });
    },
  ),
  rateLimited: http.post<never, NewsletterRequest, ErrorResponse>(path, () =>
    HttpResponse.json({ message: 'Too many requests. Please try again later.' }, { status: 429 }),
  ),
  /** A 500 without a body: the §8 condition text is shown. */
  serverError: http.post(path, () => new HttpResponse(null, { status: 500 })),
  networkError: http.post(path, () => HttpResponse.error()),
};
