import { type PcmAudio, parseWav, WavFormatError } from '../speech/wav.ts';

/** The only rate Whisper hears: every recording is brought to it first. */
export const whisperSampleRate = 16_000;

/** One channel: the channels' mean, frame by frame. */
function mono(audio: PcmAudio): Int16Array {
  if (audio.channels === 1) return audio.samples;
  const frames = Math.floor(audio.samples.length / audio.channels);
  const mixed = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    let sum = 0;
    for (let channel = 0; channel < audio.channels; channel += 1) {
      sum += audio.samples[frame * audio.channels + channel] ?? 0;
    }
    mixed[frame] = Math.round(sum / audio.channels);
  }
  return mixed;
}

/**
 * `samples` at `fromRate` brought to `toRate`. Down (a 48 or 22.05 kHz recording): each output
 * sample is the mean of the input samples it stands for, a box filter that keeps most of what
 * would fold back above the new Nyquist frequency out of the speech band. Up (8 or 11.025 kHz):
 * linear interpolation, which adds nothing the recording did not have.
 */
export function resample(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return samples;
  const ratio = fromRate / toRate;
  const length = Math.floor(samples.length / ratio);
  const out = new Int16Array(length);
  if (ratio > 1) {
    for (let index = 0; index < length; index += 1) {
      const start = Math.floor(index * ratio);
      const end = Math.min(samples.length, Math.max(start + 1, Math.floor((index + 1) * ratio)));
      let sum = 0;
      for (let at = start; at < end; at += 1) sum += samples[at] ?? 0;
      out[index] = Math.round(sum / (end - start));
    }
    return out;
  }
  for (let index = 0; index < length; index += 1) {
    const position = index * ratio;
    const before = Math.floor(position);
    const after = Math.min(samples.length - 1, before + 1);
    const fraction = position - before;
    out[index] = Math.round(
      (samples[before] ?? 0) * (1 - fraction) + (samples[after] ?? 0) * fraction,
    );
  }
  return out;
}

/**
 * A WAV recording as Whisper takes it: 16 kHz mono 16-bit PCM, as an ArrayBuffer of its own
 * (the binding reads the buffer from its start), and how long it is. Throws WavFormatError for a
 * file that is not 16-bit PCM WAV.
 */
export function whisperPcmOf(wav: Buffer): { pcm: ArrayBuffer; durationMs: number } {
  const audio = parseWav(wav);
  if (audio.sampleRate < 1000) throw new WavFormatError('the sample rate is not valid');
  const samples = resample(mono(audio), audio.sampleRate, whisperSampleRate);
  const pcm = new ArrayBuffer(samples.length * 2);
  new Int16Array(pcm).set(samples);
  return { pcm, durationMs: Math.round((samples.length / whisperSampleRate) * 1000) };
}
