import { voiceClipsPage, type VoiceClipsPage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** Every clip list (a signed-in user's, a visitor's): what a new clip or a deletion invalidates. */
export const clipsQueryKey = ['voice', 'clips'] as const;

/** GET /api/voice/clips?cursor=…: a page of the signed-in user's clips, newest first. */
export async function listClips(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<VoiceClipsPage> {
  const { data } = await cookieClient.get<unknown>('/api/voice/clips', {
    params: cursor ? { cursor } : undefined,
    signal,
  });
  return voiceClipsPage.parse(data);
}
