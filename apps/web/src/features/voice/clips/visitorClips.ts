import { voiceClip, type VoiceClip } from '@studio/contracts';
import type { ReadVisitorItem } from '../../../lib/visitor/visitorCollection';

/**
 * A visitor's clips: the visitor collection 'voice', each clip's settings with its audio (the
 * server keeps a visitor's clip a day; this browser keeps it until they delete it).
 */
export const VISITOR_CLIPS = 'voice';

/** What was stored may come from an older version of the app: keep only well-formed clips. */
export const readVisitorClip: ReadVisitorItem<VoiceClip> = (stored) => {
  const parsed = voiceClip.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/** Newest first, as the server lists a signed-in user's. */
export function newestFirst(a: VoiceClip, b: VoiceClip): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
