import { visionReadsPage, type VisionReadsPage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/** Every list of reads (a user's, a visitor's): what a new read or a deletion invalidates. */
export const readsQueryKey = ['vision', 'reads'] as const;

/**
 * GET /api/vision/reads?cursor=: a page of the caller's reads, newest first, without their
 * answers (a visitor's, by their key, for a day).
 */
export async function listReads(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<VisionReadsPage> {
  const { data } = await cookieClient.get<unknown>('/api/vision/reads', {
    params: cursor ? { cursor } : undefined,
    signal,
    headers: visitorHeaders(),
  });
  return visionReadsPage.parse(data);
}
