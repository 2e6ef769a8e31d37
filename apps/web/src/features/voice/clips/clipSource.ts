import type { VoiceClip, VoiceClipsPage } from '@studio/contracts';
import type { VisitorCollection } from '../../../lib/visitor/visitorCollection';
import { deleteClip } from '../../../lib/api/endpoints/voice/deleteClip';
import { getClipAudio } from '../../../lib/api/endpoints/voice/getClipAudio';
import { listClips } from '../api/listClips';
import { newestFirst } from '../../../lib/visitor/collections';

/** Where a list of clips comes from: the server (signed in) or this browser (a visitor). */
export interface ClipSource {
  /** Part of the list's query key: the two lists are cached apart. */
  owner: 'user' | 'visitor';
  page(cursor: string | null, signal?: AbortSignal): Promise<VoiceClipsPage>;
  audio(clip: VoiceClip, signal?: AbortSignal): Promise<Blob>;
  remove(id: string): Promise<void>;
}

export const userClipSource: ClipSource = {
  owner: 'user',
  page: listClips,
  audio: (clip, signal) => getClipAudio(clip.audioUrl, signal),
  remove: deleteClip,
};

/**
 * A visitor's clips from their browser: one page (a visitor's clips are few, and listing them
 * reads no audio), newest first; each clip's audio as kept.
 */
export function visitorClipSource(collection: VisitorCollection<VoiceClip>): ClipSource {
  return {
    owner: 'visitor',
    page: async () => ({ clips: (await collection.list()).sort(newestFirst), nextCursor: null }),
    audio: async (clip) => {
      const audio = await collection.file(clip.id);
      if (!audio) throw new Error('This clip is no longer kept in this browser.');
      return audio;
    },
    remove: (id) => collection.remove(id),
  };
}
