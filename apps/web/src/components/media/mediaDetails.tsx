import type { VoiceClip } from '@studio/contracts';
import { formatClock, formatMoment, type MediaCardDetail } from '@studio/ui';

/*
 * The facts a media card lists under its title that the tools' cards and the library's show
 * alike; each caller names them in its own namespace.
 */

/** When it was made: the moment in the reader's language, its exact time machine-readable. */
export function madeDetail(label: string, createdAt: string, language: string): MediaCardDetail {
  return {
    label,
    value: <time dateTime={createdAt}>{formatMoment(createdAt, language)}</time>,
  };
}

/** How long a sound lasts (m:ss). */
export function lengthDetail(label: string, durationMs: number): MediaCardDetail {
  return { label, value: formatClock(durationMs / 1000) };
}

/** The voice a clip was spoken with, and its engine. */
export function voiceDetail(label: string, clip: VoiceClip): MediaCardDetail {
  return { label, value: `${clip.voiceName} (${clip.engine})` };
}
