import type { VoiceFormat } from '@studio/contracts';
import {
  encodeMp3,
  encodeOggOpus,
  type PcmAudio,
  resampleMono,
  writeWav,
} from '../providers/index.ts';

/**
 * A clip from its spoken parts: one mono PCM track with a short pause between sentences, then
 * encoded in the format asked for. The parts of one job share a voice, so their rates normally
 * match; when they do not (a provider changed its output), each is resampled to the highest.
 */

/** The pause between two sentences: about what a reader leaves, so the joins are not heard. */
export const sentenceGapMs = 200;

/** The parts joined in order, `gapMs` of silence between each two. */
export function joinParts(parts: readonly PcmAudio[], gapMs = sentenceGapMs): PcmAudio {
  const first = parts[0];
  if (!first) throw new Error('a clip needs at least one part');
  const sampleRate = Math.max(...parts.map((part) => part.sampleRate));
  const tracks = parts.map((part) => resampleMono(part, sampleRate).samples);
  const gap = Math.round((sampleRate * gapMs) / 1000);
  const length = tracks.reduce((sum, track) => sum + track.length, 0) + gap * (tracks.length - 1);
  const samples = new Int16Array(length);
  let offset = 0;
  tracks.forEach((track, index) => {
    if (index > 0) offset += gap;
    samples.set(track, offset);
    offset += track.length;
  });
  return { sampleRate, channels: 1, samples };
}

/** The clip's file in `format` (WAV as it is; MP3 by lamejs; Ogg Opus by libopus). */
export async function encodeClip(audio: PcmAudio, format: VoiceFormat): Promise<Buffer> {
  switch (format) {
    case 'wav':
      return writeWav(audio);
    case 'mp3':
      return encodeMp3(audio);
    case 'ogg':
      return encodeOggOpus(audio);
  }
}

/** How long the audio plays, in whole milliseconds. */
export function durationMsOf(audio: PcmAudio): number {
  return Math.round((audio.samples.length / audio.channels / audio.sampleRate) * 1000);
}
