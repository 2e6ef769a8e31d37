import { expect } from 'vitest';
import { type PcmAudio, parseWav } from '../../src/domains/providers/speech/wav.ts';

/** MPEG audio header tables (ISO 11172-3, 13818-3) for Layer III, by version. */
const bitratesKbps = {
  1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const sampleRates = {
  1: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  2.5: [11_025, 12_000, 8_000],
} as const;

export interface Mp3Summary {
  frames: number;
  sampleRate: number;
  bitrateKbps: number;
  seconds: number;
}

/**
 * Walks an MP3 file frame by frame from its first header (after an ID3 tag, if any): every frame
 * must start with a valid Layer III header exactly where the previous one ended.
 */
export function readMp3(file: Buffer): Mp3Summary {
  let offset = 0;
  if (file.toString('ascii', 0, 3) === 'ID3') {
    // Syncsafe size: 7 bits per byte.
    const size =
      ((file.readUInt8(6) & 0x7f) << 21) |
      ((file.readUInt8(7) & 0x7f) << 14) |
      ((file.readUInt8(8) & 0x7f) << 7) |
      (file.readUInt8(9) & 0x7f);
    offset = 10 + size;
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  let bitrateKbps = 0;
  while (offset + 4 <= file.length) {
    const header = file.readUInt32BE(offset);
    expect(header >>> 21, `frame sync at byte ${offset}`).toBe(0x7ff);
    const versionBits = (header >>> 19) & 0b11;
    const layerBits = (header >>> 17) & 0b11;
    const bitrateIndex = (header >>> 12) & 0b1111;
    const rateIndex = (header >>> 10) & 0b11;
    const padding = (header >>> 9) & 1;
    expect(versionBits, 'MPEG version').not.toBe(0b01);
    expect(layerBits, 'Layer III').toBe(0b01);
    expect(bitrateIndex, 'bitrate index').toBeGreaterThan(0);
    expect(bitrateIndex).toBeLessThan(15);
    expect(rateIndex, 'sample rate index').toBeLessThan(3);
    const version = versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5;
    const kbps = bitratesKbps[version === 1 ? 1 : 2][bitrateIndex] ?? 0;
    sampleRate = sampleRates[version][rateIndex] ?? 0;
    bitrateKbps = kbps;
    const samplesPerFrame = version === 1 ? 1152 : 576;
    const frameBytes = Math.floor(((samplesPerFrame / 8) * kbps * 1000) / sampleRate) + padding;
    frames += 1;
    samples += samplesPerFrame;
    offset += frameBytes;
  }
  // The last frame may be cut short by nothing: a valid file ends exactly on a frame boundary.
  expect(offset, 'the file ends on a frame boundary').toBe(file.length);
  return { frames, sampleRate, bitrateKbps, seconds: samples / sampleRate };
}

export interface WavSummary extends PcmAudio {
  seconds: number;
}

/** A RIFF/WAVE file whose sizes agree with its length (RIFF size, fmt, data size). */
export function readWavFile(file: Buffer): WavSummary {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.readUInt32LE(4), 'RIFF size').toBe(file.length - 8);
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  expect(file.toString('ascii', 12, 16)).toBe('fmt ');
  expect(file.readUInt16LE(20), 'PCM').toBe(1);
  const channels = file.readUInt16LE(22);
  const sampleRate = file.readUInt32LE(24);
  expect(file.readUInt32LE(28), 'byte rate').toBe(sampleRate * channels * 2);
  expect(file.readUInt16LE(32), 'block align').toBe(channels * 2);
  expect(file.readUInt16LE(34), 'bits per sample').toBe(16);
  expect(file.toString('ascii', 36, 40)).toBe('data');
  expect(file.readUInt32LE(40), 'data size').toBe(file.length - 44);
  const audio = parseWav(file);
  return { ...audio, seconds: audio.samples.length / channels / sampleRate };
}

/**
 * The median fundamental frequency of the voiced parts, by autocorrelation over 40 ms frames
 * (60–500 Hz, the range of speaking voices); frames that are quiet or not periodic are skipped.
 */
export function medianPitchHz(audio: PcmAudio): number {
  const { samples, sampleRate } = audio;
  const frame = Math.round(sampleRate * 0.04);
  const minLag = Math.floor(sampleRate / 500);
  const maxLag = Math.ceil(sampleRate / 60);
  const estimates: number[] = [];
  for (let start = 0; start + frame + maxLag < samples.length; start += frame) {
    let energy = 0;
    for (let i = 0; i < frame; i += 1) energy += (samples[start + i] ?? 0) ** 2;
    if (Math.sqrt(energy / frame) < 1000) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag += 1) {
      let sum = 0;
      let lagged = 0;
      for (let i = 0; i < frame; i += 1) {
        sum += (samples[start + i] ?? 0) * (samples[start + i + lag] ?? 0);
        lagged += (samples[start + i + lag] ?? 0) ** 2;
      }
      const score = sum / Math.sqrt(energy * lagged || 1);
      if (score > best) {
        best = score;
        bestLag = lag;
      }
    }
    if (best > 0.6) estimates.push(sampleRate / bestLag);
  }
  expect(estimates.length, 'voiced frames').toBeGreaterThan(5);
  estimates.sort((a, b) => a - b);
  return estimates[Math.floor(estimates.length / 2)] ?? 0;
}
