import { contactResponse, type ContactRequest, type ContactResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** POST /api/contact: the About Us / Contact form, stored by the API. */
export async function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  const { data } = await cookieClient.post<unknown>('/api/contact', body);
  return contactResponse.parse(data);
}
