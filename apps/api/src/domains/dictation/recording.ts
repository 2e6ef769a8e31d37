import { TRANSCRIPTION_MAX_SAMPLE_RATE, TRANSCRIPTION_MIN_SAMPLE_RATE } from '@studio/contracts';

/**
 * What the API checks of a recording before any engine hears it: that it is a RIFF/WAVE file of
 * one channel of 16-bit PCM at 8–48 kHz (what the browser records: 16 kHz), how long it is, and
 * whether anything in it is loud enough to be speech. Read from the bytes, never from the name
 * or the type the client declared.
 */

export interface Recording {
  sampleRate: number;
  /** 16-bit samples, one channel. */
  samples: Int16Array;
  durationMs: number;
}

export type RecordingProblem =
  /** Not a RIFF/WAVE file at all. */
  | 'notAudio'
  /** A WAV, but not mono 16-bit PCM at 8–48 kHz (stereo, 8-bit, float, µ-law, 96 kHz…). */
  | 'unsupported'
  /** A WAV whose chunks are broken: no format, no data, the data before the format. */
  | 'unreadable';

export type RecordingRead =
  { ok: true; recording: Recording } | { ok: false; problem: RecordingProblem };

const pcmFormat = 1;
/** WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of its sub-format GUID. */
const extensibleFormat = 0xfffe;

/** The recording's format and samples, or what is wrong with it. */
export function readRecording(file: Buffer): RecordingRead {
  if (
    file.length < 12 ||
    file.toString('ascii', 0, 4) !== 'RIFF' ||
    file.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return { ok: false, problem: 'notAudio' };
  }
  let format: { sampleRate: number } | null = null;
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > file.length) return { ok: false, problem: 'unreadable' };
      let tag = file.readUInt16LE(body);
      if (tag === extensibleFormat && size >= 40 && body + 26 <= file.length) {
        tag = file.readUInt16LE(body + 24);
      }
      const channels = file.readUInt16LE(body + 2);
      const sampleRate = file.readUInt32LE(body + 4);
      const bits = file.readUInt16LE(body + 14);
      if (
        tag !== pcmFormat ||
        channels !== 1 ||
        bits !== 16 ||
        sampleRate < TRANSCRIPTION_MIN_SAMPLE_RATE ||
        sampleRate > TRANSCRIPTION_MAX_SAMPLE_RATE
      ) {
        return { ok: false, problem: 'unsupported' };
      }
      format = { sampleRate };
    } else if (id === 'data') {
      if (!format) return { ok: false, problem: 'unreadable' };
      // A size past the end (a recorder that never went back to write it) is cut to what is there.
      const end = Math.min(body + size, file.length);
      const count = Math.floor((end - body) / 2);
      const samples = new Int16Array(count);
      for (let index = 0; index < count; index += 1) {
        samples[index] = file.readInt16LE(body + index * 2);
      }
      return {
        ok: true,
        recording: {
          sampleRate: format.sampleRate,
          samples,
          durationMs: Math.round((count / format.sampleRate) * 1000),
        },
      };
    }
    offset = body + size + (size % 2);
  }
  return { ok: false, problem: 'unreadable' };
}

/** How long the windows the loudness is measured over are. */
const windowMs = 50;

/**
 * Below this in every window, nobody spoke: -45 dBFS, well above a quiet room's noise through a
 * laptop microphone (about -60 dBFS) and below speech at arm's length (about -30 to -20 dBFS).
 */
export const silenceFloor = 10 ** (-45 / 20);

/**
 * The loudest 50 ms of the recording, as an RMS level from 0 to 1. The loudest window rather
 * than the whole recording, so a few words in a long pause still count as speech.
 */
export function loudestLevel(recording: Pick<Recording, 'samples' | 'sampleRate'>): number {
  const { samples } = recording;
  const size = Math.max(1, Math.round((recording.sampleRate * windowMs) / 1000));
  let loudest = 0;
  for (let start = 0; start < samples.length; start += size) {
    const end = Math.min(samples.length, start + size);
    let sum = 0;
    for (let index = start; index < end; index += 1) {
      const value = (samples[index] ?? 0) / 32768;
      sum += value * value;
    }
    loudest = Math.max(loudest, Math.sqrt(sum / (end - start)));
  }
  return loudest;
}

export const isSilent = (recording: Pick<Recording, 'samples' | 'sampleRate'>) =>
  loudestLevel(recording) < silenceFloor;
