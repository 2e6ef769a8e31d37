import { errorResponse } from '@studio/contracts';
import { z } from 'zod';

/**
 * The statuses a route that serves a stored file with sendObject answers besides its own: the
 * file (whole or a range), a range outside it, and an object store that cannot be reached.
 */
export function storedFileResponses(what: string) {
  const file = z.instanceof(Buffer).describe(`${what}, streamed`);
  return {
    200: file,
    206: file.describe(`A byte range of ${what.toLowerCase()} (Range: bytes=start-end)`),
    416: errorResponse.describe('The Range lies outside the file (Content-Range: bytes */size)'),
    503: errorResponse.describe('The object store cannot be reached; try again shortly'),
  };
}
