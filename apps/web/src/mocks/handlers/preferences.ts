import type { AnonymousPreferencesResponse, ErrorResponse } from '@studio/contracts';
import { http, HttpResponse } from 'msw';

const path = '*/api/userpreferences/anonymous';

export const preferencesHandlers = {
  /** A visitor the API places in the United States. */
  anonymous: http.get<never, never, AnonymousPreferencesResponse>(path, () =>
    HttpResponse.json({ currency: 'USD', country: 'US' }),
  ),
  /** A visitor the API places in Vietnam. */
  anonymousVietnam: http.get<never, never, AnonymousPreferencesResponse>(path, () =>
    HttpResponse.json({ currency: 'VND', country: 'VN' }),
  ),
  failure: http.get<never, never, ErrorResponse>(path, () =>
    HttpResponse.json({ message: 'Server error. Please try again later.' }, { status: 500 }),
  ),
};
