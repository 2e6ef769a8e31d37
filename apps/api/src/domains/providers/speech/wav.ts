/** 16-bit PCM, the only sample format the engines produce and the MP3 encoder takes. */
export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved when there is more than one channel. */
  samples: Int16Array;
}

export class WavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavFormatError';
  }
}

const pcmFormat = 1;
const headerBytes = 44;

/**
 * Reads a RIFF/WAVE file of 16-bit PCM. Walks the chunks rather than assuming a 44-byte header,
 * because other encoders add LIST or fact chunks; a data size past the end (streamed WAVs write
 * 0xFFFFFFFF) is cut to what is there.
 */
export function parseWav(file: Buffer): PcmAudio {
  if (
    file.length < 12 ||
    file.toString('ascii', 0, 4) !== 'RIFF' ||
    file.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new WavFormatError('not a RIFF/WAVE file');
  }
  let format: { channels: number; sampleRate: number } | null = null;
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > file.length)
        throw new WavFormatError('the fmt chunk is too short');
      const audioFormat = file.readUInt16LE(body);
      const bitsPerSample = file.readUInt16LE(body + 14);
      if (audioFormat !== pcmFormat || bitsPerSample !== 16) {
        throw new WavFormatError('only 16-bit PCM is supported');
      }
      format = { channels: file.readUInt16LE(body + 2), sampleRate: file.readUInt32LE(body + 4) };
      if (format.channels < 1 || format.sampleRate < 1)
        throw new WavFormatError('the fmt chunk is not valid');
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('the data chunk comes before the fmt chunk');
      const end = Math.min(body + size, file.length);
      const frameBytes = 2 * format.channels;
      const usable = end - body - ((end - body) % frameBytes);
      // Copied: the Buffer's offset inside its pool may not be 2-byte aligned.
      const samples = new Int16Array(usable / 2);
      for (let index = 0; index < samples.length; index += 1) {
        samples[index] = file.readInt16LE(body + index * 2);
      }
      return { ...format, samples };
    }
    // Chunks are padded to an even length.
    offset = body + size + (size % 2);
  }
  throw new WavFormatError('no data chunk');
}

/** Writes a canonical 44-byte-header RIFF/WAVE file. */
export function writeWav(audio: PcmAudio): Buffer {
  const dataBytes = audio.samples.length * 2;
  const file = Buffer.alloc(headerBytes + dataBytes);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(headerBytes - 8 + dataBytes, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(pcmFormat, 20);
  file.writeUInt16LE(audio.channels, 22);
  file.writeUInt32LE(audio.sampleRate, 24);
  file.writeUInt32LE(audio.sampleRate * audio.channels * 2, 28);
  file.writeUInt16LE(audio.channels * 2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(dataBytes, 40);
  for (let index = 0; index < audio.samples.length; index += 1) {
    file.writeInt16LE(audio.samples[index] ?? 0, headerBytes + index * 2);
  }
  return file;
}

export function durationSeconds(audio: PcmAudio): number {
  return audio.samples.length / audio.channels / audio.sampleRate;
}
