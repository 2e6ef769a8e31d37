import type { MusicInstrument, VoiceFormat } from '@studio/contracts';
import { unzipSync } from 'fflate';

/**
 * What the first bytes of a moved-in file say it is (the browser's names and types are never
 * trusted): the audio formats the tools write, a Standard MIDI File and a zip.
 */

const startsWith = (data: Buffer, text: string, offset = 0) =>
  data.length >= offset + text.length &&
  data.subarray(offset, offset + text.length).toString('latin1') === text;

/** MP3: an ID3v2 tag, or an MPEG audio frame's sync (11 bits set, a layer that exists). */
export function isMp3(data: Buffer): boolean {
  if (startsWith(data, 'ID3')) return data.length > 10;
  const [first, second] = data;
  return (
    first === 0xff && second !== undefined && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0
  );
}

/** WAV: a RIFF file of form WAVE. */
export const isWav = (data: Buffer) => startsWith(data, 'RIFF') && startsWith(data, 'WAVE', 8);

/** Ogg: a page's capture pattern. */
export const isOgg = (data: Buffer) => startsWith(data, 'OggS');

/** A Standard MIDI File: its header chunk. */
export const isMidi = (data: Buffer) => startsWith(data, 'MThd');

/** A zip: a local file header first. */
export const isZip = (data: Buffer) => startsWith(data, 'PK\x03\x04');

/** Which of the voice tool's formats the audio is, or null for none of them. */
export function sniffAudioFormat(data: Buffer): VoiceFormat | null {
  if (isWav(data)) return 'wav';
  if (isOgg(data)) return 'ogg';
  if (isMp3(data)) return 'mp3';
  return null;
}

/**
 * The stems in a piece's stems zip (as the API serves it: `<slug>-<instrument>.wav`, one per
 * instrument), for a browser that sent the zip but not each stem: each entry named after one of
 * the piece's instruments (the longest name that fits: `-electric-piano.wav` is not the piano's),
 * each a WAV of at most `maxBytes` as the zip declares it, which also bounds what is inflated.
 * Null when the zip cannot be read or holds anything else.
 */
export function stemsInZip(
  zip: Buffer,
  instruments: readonly MusicInstrument[],
  maxBytes: number,
): { instrument: MusicInstrument; data: Buffer }[] | null {
  const byLength = [...instruments].sort((a, b) => b.length - a.length);
  const instrumentOf = (name: string) =>
    byLength.find((instrument) => name.toLowerCase().endsWith(`-${instrument}.wav`)) ??
    byLength.find((instrument) => name.toLowerCase() === `${instrument}.wav`);
  let oversized = false;
  let entries;
  try {
    entries = unzipSync(new Uint8Array(zip), {
      filter: (file) => {
        if (file.originalSize > maxBytes) oversized = true;
        return !oversized;
      },
    });
  } catch {
    return null;
  }
  if (oversized) return null;
  const stems: { instrument: MusicInstrument; data: Buffer }[] = [];
  for (const [name, bytes] of Object.entries(entries)) {
    const instrument = instrumentOf(name);
    const data = Buffer.from(bytes);
    if (!instrument || !isWav(data) || stems.some((stem) => stem.instrument === instrument)) {
      return null;
    }
    stems.push({ instrument, data });
  }
  return stems;
}
