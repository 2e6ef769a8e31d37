import { type VoiceClip, voiceFormatMimeTypes } from '@studio/contracts';
import type { StoredVoiceClip } from './voice.repository.ts';

/** Where a signed-in user's clip is served (its owner only). */
export const clipAudioUrl = (id: string) => `/api/voice/clips/${encodeURIComponent(id)}/audio`;

/** Where a job's finished clip is served: a visitor's (never in a list) is read from here. */
export const jobAudioUrl = (jobId: string) => `/api/voice/jobs/${encodeURIComponent(jobId)}/audio`;

/** A stored clip as the list, the player and a job's result show it. */
export function toVoiceClip(clip: StoredVoiceClip): VoiceClip {
  return {
    id: clip.id,
    text: clip.text,
    language: clip.language,
    voice: clip.voice,
    voiceName: clip.voiceName,
    engine: clip.engine,
    speed: clip.speed,
    pitch: clip.pitch,
    format: clip.format,
    instructions: clip.instructions,
    characters: clip.characters,
    durationMs: clip.durationMs,
    bytes: clip.bytes,
    mimeType: voiceFormatMimeTypes[clip.format],
    audioUrl: clipAudioUrl(clip.id),
    createdAt: clip.createdAt,
  };
}

/** A download's file name: the text's first words as a slug (`hello-there.mp3`). */
export function clipFileName(clip: Pick<StoredVoiceClip, 'text' | 'format' | 'id'>): string {
  const slug =
    clip.text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || `clip-${clip.id}`;
  return `${slug}.${clip.format}`;
}
