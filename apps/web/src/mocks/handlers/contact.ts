import {
  contactRequest,
  type ContactRequest,
  type ContactResponse,
  type ErrorResponse,
} from '@studio/contracts';
import { http, HttpResponse } from 'msw';

const path = '*/api/contact';

export const contactHandlers = {
  success: http.post<never, ContactRequest, ContactResponse | ErrorResponse>(
    path,
    async ({ request }) => {
      const body = contactRequest.safeParse(await request.json());
      if (!body.success) {
        return HttpResponse.json(
          {
            message: 'Validation error. Please check your input.',
            errors: body.error.issues.map((issue) => issue.message),
          },
          { status: 400 },
        );
      }
      return HttpResponse.json(
        { id: 'msg_01', receivedAt: '2026-11-21T09:30:00.000Z' },
        { status: 201 },
      );
    },
  ),
  /** The API's own words come back in the toast. */
  failure: http.post<never, ContactRequest, ErrorResponse>(path, () =>
    HttpResponse.json(
      { message: 'We could not store your message. Please try again later.' },
      { status: 500 },
    ),
  ),
  rateLimited: http.post<never, ContactRequest, ErrorResponse>(path, () =>
    HttpResponse.json({ message: 'Too many requests. Please try again later.' }, { status: 429 }),
  ),
};
