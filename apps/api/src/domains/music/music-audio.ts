import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { encodeMp3, type PcmAudio } from '../providers/index.ts';
import type { ObjectStore } from '../../storage/object-store.ts';

/**
 * A piece's mix as MP3: 192 kbit/s at the rates of CD audio (the composer's 44.1 kHz stereo);
 * the lower MPEG-2 and 2.5 rates a provider may send cap the bit rate lower, as the format does.
 */
export function encodePieceMp3(audio: PcmAudio): Promise<Buffer> {
  const bitrate = audio.sampleRate >= 32_000 ? 192 : audio.sampleRate >= 16_000 ? 128 : 64;
  return encodeMp3(audio, bitrate);
}

/** How long the audio plays, in whole milliseconds. */
export function durationMsOf(audio: PcmAudio): number {
  return Math.round((audio.samples.length / audio.channels / audio.sampleRate) * 1000);
}

/**
 * The stems as one zip, streamed as it is built from the stored WAVs: stored, not deflated (PCM
 * barely compresses, and the CPU is the composer's), each file read only when the zip reaches it
 * and pulled at the reader's pace, so a six-minute piece's stems never sit in memory at once.
 * A stem missing from the store ends the stream with an error (the route has already checked
 * they exist).
 */
export function stemsZip(
  storage: ObjectStore,
  files: readonly { key: string; name: string }[],
): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else ready.push(chunk);
    });
    for (const file of files) {
      const entry = new ZipPassThrough(file.name);
      zip.add(entry);
      const object = await storage.get(file.key);
      if (!object) throw new Error(`a stem of the zip is missing from the store`);
      for await (const part of object.body) {
        entry.push(part as Uint8Array);
        if (failure) throw failure;
        yield* ready.splice(0);
      }
      entry.push(new Uint8Array(0), true);
      yield* ready.splice(0);
    }
    zip.end();
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  return Readable.from(chunks(), { objectMode: false });
}
