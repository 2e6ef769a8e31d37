/**
 * What a waveform draws: a sound's loudness in `count` bars, each the loudest sample of its slice
 * (across every channel), scaled so that the loudest bar is 1. Pure, so it is tested without a
 * browser; decodeAudioPeaks below gets the samples from an encoded file.
 */
export function computePeaks(channels: readonly Float32Array[], count: number): number[] {
  const bars = Math.max(0, Math.floor(count));
  const length = channels.reduce((longest, channel) => Math.max(longest, channel.length), 0);
  if (bars === 0) return [];
  if (length === 0) return new Array<number>(bars).fill(0);
  const peaks = new Array<number>(bars).fill(0);
  for (let bar = 0; bar < bars; bar += 1) {
    // Slices cover every sample once; a sound shorter than `count` samples repeats some.
    const start = Math.floor((bar * length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * length) / bars));
    let loudest = 0;
    for (const channel of channels) {
      for (let at = start; at < end && at < channel.length; at += 1) {
        const sample = Math.abs(channel[at] ?? 0);
        if (sample > loudest) loudest = sample;
      }
    }
    peaks[bar] = loudest;
  }
  const max = Math.max(...peaks);
  return max > 0 ? peaks.map((peak) => peak / max) : peaks;
}

/** The peaks of an encoded sound, and its length in seconds. */
export interface DecodedPeaks {
  peaks: number[];
  duration: number;
}

/**
 * Decodes a sound file (MP3, WAV, Ogg: whatever the browser decodes) and measures its peaks.
 * Rejects when the browser cannot decode it (the caller then shows a plain progress bar). An
 * OfflineAudioContext needs no user gesture and plays nothing.
 */
export async function decodeAudioPeaks(data: ArrayBuffer, count: number): Promise<DecodedPeaks> {
  const context = new OfflineAudioContext(1, 1, 44_100);
  const buffer = await context.decodeAudioData(data);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, index) =>
    buffer.getChannelData(index),
  );
  return { peaks: computePeaks(channels, count), duration: buffer.duration };
}
