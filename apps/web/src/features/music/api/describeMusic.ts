import { musicDescribeResponse, type MusicDescribeResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * POST /api/music/describe: the words turned into settings (by the chat's model, or keywords
 * read when no model could: `source: rules`), for the person to review before composing.
 */
export async function describeMusic(
  text: string,
  signal?: AbortSignal,
): Promise<MusicDescribeResponse> {
  const { data } = await cookieClient.post<unknown>(
    '/api/music/describe',
    { text },
    { signal, headers: visitorHeaders() },
  );
  return musicDescribeResponse.parse(data);
}
