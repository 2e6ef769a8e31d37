import { cookieClient } from '../../clients';

/** Where the API serves a signed-in user's clip audio (`VoiceClip.audioUrl`). */
export const CLIP_AUDIO_PATH = /^\/api\/voice\/clips\/[^/?#]+\/audio$/;

/**
 * GET /api/voice/clips/{id}/audio: a signed-in user's clip, fetched with the bearer token (an
 * <audio> element cannot send it), played from a blob: URL. Only the clip route's own paths: the
 * client adds credentials to every request, so an address pointing elsewhere is refused.
 */
export async function getClipAudio(audioUrl: string, signal?: AbortSignal): Promise<Blob> {
  if (!CLIP_AUDIO_PATH.test(audioUrl) || audioUrl.includes('..')) {
    throw new Error('Not a voice clip.');
  }
  const { data } = await cookieClient.get<Blob>(audioUrl, { responseType: 'blob', signal });
  return data;
}
