/**
 * Real, small WAV files for the MSW handlers (the voice tool's parts and clips), made in the
 * handler: a tone shaped like speech (syllables swelling and falling, a pause at the end), so a
 * story's player has a waveform to draw and a sound to play, and the same text always sounds
 * the same (visual snapshots compare pixels).
 */

const SAMPLE_RATE = 8000;

/** How long a sentence of this many characters "speaks": about 14 characters a second. */
export function spokenSeconds(characters: number): number {
  return Math.min(3, Math.max(0.6, 0.3 + characters / 14));
}

/** A sentence's samples; `seed` varies the pitch and rhythm a little between sentences. */
export function speechLikeSamples(seconds: number, seed = 0): Float32Array {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const pitch = 180 + (seed % 5) * 20;
  const rhythm = 3 + (seed % 3) * 0.6;
  const voiced = samples.length - Math.round(0.15 * SAMPLE_RATE);
  for (let n = 0; n < voiced; n += 1) {
    const time = n / SAMPLE_RATE;
    const syllable = Math.max(0, Math.sin(time * Math.PI * rhythm));
    const phrase = 0.45 + 0.55 * Math.abs(Math.sin(time * 1.3 + seed));
    samples[n] = 0.6 * syllable * phrase * Math.sin(2 * Math.PI * pitch * time);
  }
  return samples;
}

export function concatSamples(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const samplesDurationMs = (samples: Float32Array) =>
  Math.round((samples.length / SAMPLE_RATE) * 1000);

/** 16-bit mono PCM WAV. */
export function wavBytes(samples: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let index = 0; index < text.length; index += 1) {
      view.setUint8(at + index, text.charCodeAt(index));
    }
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, index) => {
    view.setInt16(44 + index * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true);
  });
  return bytes;
}

/**
 * Music-shaped samples for the music tool's stand-in files: a note a beat (a pentatonic tune the
 * seed picks), each swelling and fading, louder in every other section so a waveform shows the
 * sections; the same seed always sounds the same.
 */
export function musicLikeSamples(
  seconds: number,
  {
    seed = 0,
    tempo = 100,
    sections = 1,
  }: { seed?: number; tempo?: number; sections?: number } = {},
): Float32Array {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const scale = [0, 2, 4, 7, 9, 12];
  const beat = Math.max(1, Math.round((60 / tempo) * SAMPLE_RATE));
  const perSection = samples.length / Math.max(1, sections);
  for (let n = 0; n < samples.length; n += 1) {
    const index = Math.floor(n / beat);
    const step = scale[(index * 7 + seed) % scale.length] ?? 0;
    const frequency = 220 * 2 ** (step / 12);
    const inNote = (n % beat) / beat;
    const envelope = Math.min(1, inNote * 20) * (1 - inNote) ** 2;
    const section = Math.floor(n / perSection);
    const level = section % 2 === 0 ? 0.45 : 0.85;
    samples[n] = level * envelope * Math.sin((2 * Math.PI * frequency * n) / SAMPLE_RATE);
  }
  return samples;
}
