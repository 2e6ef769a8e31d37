/**
 * Real audio for the stand-ins: a short synthesised tune (a pentatonic melody over a bass note
 * per bar, each note a decaying sine) of exactly the asked length, the same for the same seed.
 * It is no AI music: only audio a player plays and a decoder reads, so every byte path of the
 * providers' protocols is exercised.
 */

export interface TuneRequest {
  seconds: number;
  seed: number;
  sampleRate: number;
  channels: 1 | 2;
}

/** Park–Miller's generator: small, and the same numbers on every machine. */
function random(seed: number): () => number {
  let state = seed % 2_147_483_647;
  if (state <= 0) state += 2_147_483_646;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return (state - 1) / 2_147_483_646;
  };
}

const pentatonic = [0, 2, 4, 7, 9, 12];

/** 16-bit samples, interleaved when stereo. */
export function synthesiseTune({ seconds, seed, sampleRate, channels }: TuneRequest): Int16Array {
  const next = random(seed + 1);
  const frames = Math.round(seconds * sampleRate);
  const samples = new Int16Array(frames * channels);
  const tonic = 48 + Math.floor(next() * 12);
  const beatSeconds = 60 / (80 + Math.floor(next() * 60));
  const beatFrames = Math.max(1, Math.round(beatSeconds * sampleRate));
  const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
  let melody = 0;
  let bass = 0;
  for (let start = 0, beat = 0; start < frames; start += beatFrames, beat += 1) {
    if (beat % 4 === 0) bass = frequency(tonic - 12 + (pentatonic[Math.floor(next() * 4)] ?? 0));
    melody = frequency(tonic + 12 + (pentatonic[Math.floor(next() * pentatonic.length)] ?? 0));
    const end = Math.min(frames, start + beatFrames);
    for (let frame = start; frame < end; frame += 1) {
      const t = (frame - start) / sampleRate;
      const barT = (frame - (start - (beat % 4) * beatFrames)) / sampleRate;
      const lead = Math.sin(2 * Math.PI * melody * t) * Math.exp(-4 * t);
      const low = Math.sin(2 * Math.PI * bass * barT) * Math.exp(-1.2 * barT);
      const value = Math.round((0.45 * lead + 0.3 * low) * 32_767 * 0.8);
      for (let channel = 0; channel < channels; channel += 1) {
        samples[frame * channels + channel] = value;
      }
    }
  }
  return samples;
}

/** A canonical 44-byte-header RIFF/WAVE file of 16-bit PCM. */
export function wavFile(samples: Int16Array, sampleRate: number, channels: number): Buffer {
  const data = pcmBytes(samples);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Headerless 16-bit little-endian samples (ElevenLabs' `pcm_*` formats). */
export function pcmBytes(samples: Int16Array): Buffer {
  const bytes = Buffer.alloc(samples.length * 2);
  for (let index = 0; index < samples.length; index += 1) {
    bytes.writeInt16LE(samples[index] ?? 0, index * 2);
  }
  return bytes;
}
