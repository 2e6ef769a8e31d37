import {
  newsletterResponse,
  type NewsletterRequest,
  type NewsletterResponse,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * POST /api/newsletter through the cookie client (a state-changing form: it carries the CSRF
 * header). Double opt-in: the answer is `pending` until the e-mailed link is followed.
 */
export async function subscribeToNewsletter(body: NewsletterRequest): Promise<NewsletterResponse> {
  const { data } = await cookieClient.post<unknown>('/api/newsletter', body);
  return newsletterResponse.parse(data);
}
