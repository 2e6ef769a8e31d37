import { setImmediate } from 'node:timers/promises';
import { Mp3Encoder } from '@breezystack/lamejs';
import { encodeWithLame, findLame } from './lame-cli.ts';
import type { PcmAudio } from './wav.ts';

/** Speech needs little: 64 kbit/s mono is clear and a 10 s reply is about 80 KB. */
const speechBitrateKbps = 64;
/** lamejs encodes in blocks of 1152 samples (one MPEG-1 Layer III frame). */
const blockSamples = 1152;

/**
 * Blocks encoded between two turns of the event loop: about 50 ms of work, so a long reply
 * (2000 characters is about two minutes of speech and seconds of encoding) never stalls the API.
 */
const blocksPerTurn = 40;

/** Which encoder makes the MP3s: Debian's `lame` where installed, else the bundled lamejs. */
export type Mp3EncoderName = 'lame' | 'lamejs';

export async function mp3EncoderName(): Promise<Mp3EncoderName> {
  return (await findLame()) ? 'lame' : 'lamejs';
}

/**
 * Encodes PCM as MP3. Mono and stereo only; the encoder takes the sample rate as it is (22.05 kHz
 * from eSpeak NG is an MPEG-2 rate), and a bit rate that rate allows (MPEG-2 and 2.5 rates stop
 * at 160 and 64 kbit/s). Debian's `lame` does it where installed (lame-cli.ts: several times
 * faster, off the event loop), lamejs otherwise (LGPL-3.0, used as an unmodified library).
 * `encoder` picks one (the tests run both).
 */
export async function encodeMp3(
  audio: PcmAudio,
  /** Music asks for more (192 kbit/s stereo); speech keeps the default. */
  bitrateKbps = speechBitrateKbps,
  encoder?: Mp3EncoderName,
): Promise<Buffer> {
  if (audio.channels !== 1 && audio.channels !== 2) {
    throw new Error(`MP3 takes one or two channels, not ${audio.channels}`);
  }
  if (encoder !== 'lamejs') {
    const lame = await findLame();
    if (encoder === 'lame' && !lame) throw new Error('lame is not installed');
    if (lame) {
      // An encoder that fails here (a broken install) costs one try; lamejs still makes the file.
      try {
        return await encodeWithLame(lame, audio, bitrateKbps);
      } catch (error) {
        if (encoder === 'lame') throw error;
      }
    }
  }
  return encodeWithLamejs(audio, bitrateKbps);
}

async function encodeWithLamejs(audio: PcmAudio, bitrateKbps: number): Promise<Buffer> {
  const encoder = new Mp3Encoder(audio.channels, audio.sampleRate, bitrateKbps);
  const [left, right] =
    audio.channels === 1 ? [audio.samples, undefined] : deinterleave(audio.samples);
  const parts: Uint8Array[] = [];
  for (let block = 0; block * blockSamples < left.length; block += 1) {
    if (block > 0 && block % blocksPerTurn === 0) await setImmediate();
    const start = block * blockSamples;
    const end = start + blockSamples;
    parts.push(encoder.encodeBuffer(left.subarray(start, end), right?.subarray(start, end)));
  }
  parts.push(encoder.flush());
  // lamejs hands back Int8Array copies despite its types: wrap their bytes, no second copy.
  return Buffer.concat(
    parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)),
  );
}

function deinterleave(samples: Int16Array): [Int16Array, Int16Array] {
  const frames = Math.floor(samples.length / 2);
  const left = new Int16Array(frames);
  const right = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    left[frame] = samples[frame * 2] ?? 0;
    right[frame] = samples[frame * 2 + 1] ?? 0;
  }
  return [left, right];
}
