import type { PcmAudio } from './wav.ts';

/**
 * Small PCM operations the encoders and the voice tool's joining share: one channel, another
 * sample rate. Speech is what passes through here, so plain linear interpolation is enough (its
 * energy sits far below the Nyquist frequency of any rate an engine produces).
 */

/** The channels averaged into one (mono audio is returned as it is). */
export function toMono(audio: PcmAudio): PcmAudio {
  if (audio.channels === 1) return audio;
  const frames = Math.floor(audio.samples.length / audio.channels);
  const samples = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    let sum = 0;
    for (let channel = 0; channel < audio.channels; channel += 1) {
      sum += audio.samples[frame * audio.channels + channel] ?? 0;
    }
    samples[frame] = Math.round(sum / audio.channels);
  }
  return { sampleRate: audio.sampleRate, channels: 1, samples };
}

/** Mono audio at `sampleRate`, by linear interpolation (the same audio when the rate matches). */
export function resampleMono(audio: PcmAudio, sampleRate: number): PcmAudio {
  const mono = toMono(audio);
  if (mono.sampleRate === sampleRate) return mono;
  const source = mono.samples;
  const length = Math.round((source.length * sampleRate) / mono.sampleRate);
  const samples = new Int16Array(length);
  const step = mono.sampleRate / sampleRate;
  const last = source.length - 1;
  for (let index = 0; index < length; index += 1) {
    const position = index * step;
    const before = Math.min(last, Math.floor(position));
    const after = Math.min(last, before + 1);
    const fraction = position - before;
    const a = source[before] ?? 0;
    const b = source[after] ?? 0;
    samples[index] = Math.round(a + (b - a) * fraction);
  }
  return { sampleRate, channels: 1, samples };
}
