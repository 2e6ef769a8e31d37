import { readFile } from 'node:fs/promises';
import {
  BasicMIDI,
  type BasicSoundBank,
  SoundBankLoader,
  SpessaSynthProcessor,
  SpessaSynthSequencer,
} from 'spessasynth_core';
import { type Arrangement, barMs, type MusicInstrument } from './arrangement.ts';
import { arrangementToMidi } from './midi.ts';

export const SAMPLE_RATE = 44_100;
export const CHANNELS = 2;
/** The mix's peak after normalising: −3 dBFS, inside the −12 … −1 dBFS the page promises. */
export const TARGET_PEAK_DBFS = -3;
const fullScale = 32_767;
/** Samples the synthesiser renders at once (its envelopes and LFOs move once per block). */
const blockSize = 128;
/** The last notes ring on after the last bar, for at most half a bar (and 2 s), then fade. */
const maxTailMs = 2_000;
const fadeMs = 150;

/** A loaded sound font, shared by every render in this thread. */
export interface SoundFont {
  readonly bank: BasicSoundBank;
  readonly path: string;
}

export async function loadSoundFont(path: string): Promise<SoundFont> {
  const bytes = await readFile(path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { bank: SoundBankLoader.fromArrayBuffer(buffer), path };
}

export interface RenderOptions {
  /** This instrument alone: its stem, at the mix's gain (the mix is rendered first if `gain` is not given). */
  only?: MusicInstrument;
  /** The gain to apply instead of normalising (a stem takes its mix's). */
  gain?: number;
  /** 0–1 as the render goes. */
  onProgress?: (fraction: number) => void;
}

export interface RenderedAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved stereo, 16-bit. */
  samples: Int16Array;
  /** What the synthesiser's output was multiplied by (the mix's, for a stem). */
  gain: number;
}

/** The audio's length: the arrangement's bars, and a short tail for the last notes to ring. */
export function renderedFrames(arrangement: Arrangement): number {
  const tailMs = Math.min(barMs(arrangement.settings.tempo) / 2, maxTailMs);
  return Math.round(((arrangement.durationMs + tailMs) * SAMPLE_RATE) / 1000);
}

/**
 * Renders the arrangement's MIDI offline with the sound font (spessasynth_core, its reverb and
 * chorus on) to stereo 44.1 kHz 16-bit PCM, normalised so the mix peaks at −3 dBFS. The gain is
 * one number for the whole piece, never a compressor or limiter: every instrument rendered
 * alone at the mix's gain gives stems that add up to the mix.
 */
export async function renderArrangement(
  arrangement: Arrangement,
  soundFont: SoundFont,
  options: RenderOptions = {},
): Promise<RenderedAudio> {
  let gain = options.gain;
  if (gain === undefined && options.only) {
    gain = (await renderArrangement(arrangement, soundFont)).gain;
  }
  const frames = renderedFrames(arrangement);
  const [left, right] = await synthesize(
    arrangementToMidi(arrangement, options.only ? { only: options.only } : {}),
    soundFont,
    frames,
    options.onProgress,
  );
  fadeOut(left, right, Math.round((fadeMs * SAMPLE_RATE) / 1000));
  const peak = peakOf(left, right);
  const appliedGain =
    gain ?? (peak > 0 ? (fullScale * 10 ** (TARGET_PEAK_DBFS / 20)) / fullScale / peak : 1);
  return {
    sampleRate: SAMPLE_RATE,
    channels: CHANNELS,
    samples: toInt16(left, right, appliedGain),
    gain: appliedGain,
  };
}

async function synthesize(
  midiBytes: Uint8Array,
  soundFont: SoundFont,
  frames: number,
  onProgress?: (fraction: number) => void,
): Promise<[Float32Array, Float32Array]> {
  const buffer = midiBytes.buffer.slice(
    midiBytes.byteOffset,
    midiBytes.byteOffset + midiBytes.byteLength,
  ) as ArrayBuffer;
  const midi = BasicMIDI.fromArrayBuffer(buffer);
  const synth = new SpessaSynthProcessor(SAMPLE_RATE, { eventsEnabled: false });
  synth.soundBankManager.addSoundBank(soundFont.bank, 'main');
  await synth.processorInitialized;
  const sequencer = new SpessaSynthSequencer(synth);
  sequencer.loadNewSongList([midi]);
  sequencer.play();
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const reportEvery = blockSize * 512;
  for (let done = 0; done < frames; done += blockSize) {
    sequencer.processTick();
    synth.process(left, right, done, Math.min(blockSize, frames - done));
    if (onProgress && done % reportEvery === 0) onProgress(done / frames);
  }
  onProgress?.(1);
  return [left, right];
}

function fadeOut(left: Float32Array, right: Float32Array, length: number): void {
  const from = Math.max(0, left.length - length);
  for (let index = from; index < left.length; index += 1) {
    const level = (left.length - index) / length;
    left[index] = (left[index] ?? 0) * level;
    right[index] = (right[index] ?? 0) * level;
  }
}

function peakOf(left: Float32Array, right: Float32Array): number {
  let peak = 0;
  for (let index = 0; index < left.length; index += 1) {
    peak = Math.max(peak, Math.abs(left[index] ?? 0), Math.abs(right[index] ?? 0));
  }
  return peak;
}

function toInt16(left: Float32Array, right: Float32Array, gain: number): Int16Array {
  const samples = new Int16Array(left.length * 2);
  const scale = gain * fullScale;
  for (let index = 0; index < left.length; index += 1) {
    // Clamped below full scale: a stem at its mix's gain cannot exceed it, but never let it wrap.
    samples[index * 2] = Math.max(
      -fullScale,
      Math.min(fullScale, Math.round((left[index] ?? 0) * scale)),
    );
    samples[index * 2 + 1] = Math.max(
      -fullScale,
      Math.min(fullScale, Math.round((right[index] ?? 0) * scale)),
    );
  }
  return samples;
}

/** The peak of 16-bit PCM in dBFS (−Infinity for silence). */
export function peakDbfs(samples: Int16Array): number {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  return peak === 0 ? Number.NEGATIVE_INFINITY : 20 * Math.log10(peak / fullScale);
}
