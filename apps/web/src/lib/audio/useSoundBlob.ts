import { decodeAudioPeaks } from '@studio/ui';
import { useEffect, useState } from 'react';

/** Bars in a sound's waveform: enough for a phone's width, few enough to draw each frame. */
export const WAVEFORM_BARS = 120;

export type PeaksState =
  | { status: 'measuring' }
  | { status: 'ready'; peaks: number[] }
  /** The browser could not decode it: the player shows a plain progress bar. */
  | { status: 'none' };

export interface BlobSound {
  /** A blob: URL for the player; null without audio. */
  url: string | null;
  peaks: PeaksState;
}

/**
 * A sound file as the player needs it (a voice clip, a piece of music): a blob: URL (revoked when the audio changes or the page
 * goes) and its waveform's peaks, decoded by the browser (AudioContext.decodeAudioData).
 */
export function useSoundBlob(audio: Blob | null): BlobSound {
  const [sound, setSound] = useState<{ of: Blob; url: string; peaks: PeaksState } | null>(null);

  useEffect(() => {
    if (!audio) return;
    let current = true;
    let url: string | null = null;
    audio
      .arrayBuffer()
      .then((data) => {
        if (!current) return null;
        // Playable at once; the bars follow once the sound is decoded.
        const playable = URL.createObjectURL(audio);
        url = playable;
        setSound({ of: audio, url: playable, peaks: { status: 'measuring' } });
        return decodeAudioPeaks(data, WAVEFORM_BARS).then(
          ({ peaks }) => {
            if (current) setSound({ of: audio, url: playable, peaks: { status: 'ready', peaks } });
          },
          () => {
            if (current) setSound({ of: audio, url: playable, peaks: { status: 'none' } });
          },
        );
      })
      .catch(() => undefined);
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [audio]);

  if (!audio || sound?.of !== audio) return { url: null, peaks: { status: 'measuring' } };
  return { url: sound.url, peaks: sound.peaks };
}
