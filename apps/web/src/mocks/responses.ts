import type { ErrorResponse } from '@studio/contracts';
import { delay, HttpResponse, type JsonBodyType } from 'msw';

/** §8's server error, as the API answers a 500. */
export const serverError = 'Server error. Please try again later.';

/** An error body in a response that may also carry T (MSW types each resolver's body). */
export const failWith = <T extends JsonBodyType = never>(message: string, status: number) =>
  HttpResponse.json<T | ErrorResponse>({ message }, { status });

/** A request that never answers: the loading state of a story. */
export const never = async () => {
  await delay('infinite');
  return new HttpResponse(null, { status: 504 });
};
