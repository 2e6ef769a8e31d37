/**
 * Audio that carries the words it speaks, so the sandbox's own transcription can give them back
 * exactly: a WAV gets a RIFF `LIST`/`INFO` chunk (`ISFT` names the sandbox, `ICMT` holds the
 * text in UTF-8), an MP3 an ID3v2.4 tag (`TXXX` "studio-sandbox-text", `TLEN` its length in ms,
 * `TSSE` the sandbox). Players skip both, as they skip any other tag. Also: which audio format a
 * file is, by its first bytes.
 */

export const sandboxSoftware = 'Studio sandbox speech';
const textDescription = 'studio-sandbox-text';

export interface Pcm16 {
  sampleRate: number;
  channels: number;
  /** The data chunk's bytes: 16-bit little-endian samples, interleaved. */
  data: Buffer;
}

interface Chunk {
  id: string;
  /** Where its header starts. */
  offset: number;
  /** Where its body starts and how long it is (cut to the file). */
  body: number;
  size: number;
}

function chunksOf(wav: Buffer): Chunk[] {
  if (
    wav.length < 12 ||
    wav.toString('ascii', 0, 4) !== 'RIFF' ||
    wav.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return [];
  }
  const chunks: Chunk[] = [];
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const declared = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    const size = Math.min(declared, wav.length - body);
    chunks.push({ id, offset, body, size });
    offset = body + size + (size % 2);
  }
  return chunks;
}

/** A WAV's 16-bit PCM (null when it is not one). */
export function pcmOfWav(wav: Buffer): Pcm16 | null {
  const chunks = chunksOf(wav);
  const format = chunks.find((chunk) => chunk.id === 'fmt ');
  const data = chunks.find((chunk) => chunk.id === 'data');
  if (!format || !data || format.size < 16) return null;
  if (wav.readUInt16LE(format.body) !== 1 || wav.readUInt16LE(format.body + 14) !== 16) return null;
  return {
    channels: wav.readUInt16LE(format.body + 2),
    sampleRate: wav.readUInt32LE(format.body + 4),
    data: wav.subarray(data.body, data.body + data.size),
  };
}

export function durationOfPcm(pcm: Pcm16): number {
  return pcm.data.length / 2 / pcm.channels / pcm.sampleRate;
}

/** One INFO sub-chunk: its id, a NUL-terminated UTF-8 value, padded to an even length. */
function infoEntry(id: string, value: string): Buffer {
  const text = Buffer.concat([Buffer.from(value, 'utf8'), Buffer.from([0])]);
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(text.length, 4);
  return Buffer.concat([header, text, Buffer.alloc(text.length % 2)]);
}

/** The WAV with a LIST/INFO chunk holding `text`, placed before its data chunk. */
export function tagWav(wav: Buffer, text: string): Buffer {
  const data = chunksOf(wav).find((chunk) => chunk.id === 'data');
  if (!data) throw new Error('not a WAV with a data chunk');
  const entries = Buffer.concat([infoEntry('ISFT', sandboxSoftware), infoEntry('ICMT', text)]);
  const list = Buffer.alloc(12);
  list.write('LIST', 0, 'ascii');
  list.writeUInt32LE(4 + entries.length, 4);
  list.write('INFO', 8, 'ascii');
  const tagged = Buffer.concat([
    wav.subarray(0, data.offset),
    list,
    entries,
    wav.subarray(data.offset),
  ]);
  tagged.writeUInt32LE(tagged.length - 8, 4);
  return tagged;
}

/** The text a sandbox WAV carries (null for any other WAV). */
export function textOfWav(wav: Buffer): string | null {
  for (const chunk of chunksOf(wav)) {
    if (chunk.id !== 'LIST' || wav.toString('ascii', chunk.body, chunk.body + 4) !== 'INFO') {
      continue;
    }
    const values = new Map<string, string>();
    let offset = chunk.body + 4;
    const end = chunk.body + chunk.size;
    while (offset + 8 <= end) {
      const id = wav.toString('ascii', offset, offset + 4);
      const size = Math.min(wav.readUInt32LE(offset + 4), end - offset - 8);
      values.set(id, wav.toString('utf8', offset + 8, offset + 8 + size).replace(/\0+$/, ''));
      offset += 8 + size + (size % 2);
    }
    if (values.get('ISFT') === sandboxSoftware) return values.get('ICMT') ?? null;
  }
  return null;
}

/** ID3v2.4 sizes: 7 bits per byte. */
function synchsafe(size: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt8((size >>> 21) & 0x7f, 0);
  bytes.writeUInt8((size >>> 14) & 0x7f, 1);
  bytes.writeUInt8((size >>> 7) & 0x7f, 2);
  bytes.writeUInt8(size & 0x7f, 3);
  return bytes;
}

const readSynchsafe = (file: Buffer, offset: number) =>
  ((file.readUInt8(offset) & 0x7f) << 21) |
  ((file.readUInt8(offset + 1) & 0x7f) << 14) |
  ((file.readUInt8(offset + 2) & 0x7f) << 7) |
  (file.readUInt8(offset + 3) & 0x7f);

function frame(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'ascii'), synchsafe(body.length), Buffer.alloc(2), body]);
}

const utf8 = 0x03;

/** The MP3 behind an ID3v2.4 tag that holds `text` and its length. */
export function tagMp3(mp3: Buffer, text: string, durationMs: number): Buffer {
  const frames = Buffer.concat([
    frame('TSSE', Buffer.concat([Buffer.from([utf8]), Buffer.from(sandboxSoftware)])),
    frame(
      'TLEN',
      Buffer.concat([Buffer.from([utf8]), Buffer.from(String(Math.round(durationMs)))]),
    ),
    frame(
      'TXXX',
      Buffer.concat([
        Buffer.from([utf8]),
        Buffer.from(textDescription),
        Buffer.from([0]),
        Buffer.from(text, 'utf8'),
      ]),
    ),
  ]);
  const header = Buffer.concat([
    Buffer.from('ID3'),
    Buffer.from([4, 0, 0]),
    synchsafe(frames.length),
  ]);
  return Buffer.concat([header, frames, mp3]);
}

/** The text and length a sandbox MP3 carries (null for any other MP3). */
export function textOfMp3(mp3: Buffer): { text: string; durationMs: number | null } | null {
  if (mp3.length < 10 || mp3.toString('ascii', 0, 3) !== 'ID3' || mp3.readUInt8(3) !== 4) {
    return null;
  }
  const end = Math.min(mp3.length, 10 + readSynchsafe(mp3, 6));
  let text: string | null = null;
  let durationMs: number | null = null;
  let offset = 10;
  while (offset + 10 <= end) {
    const id = mp3.toString('ascii', offset, offset + 4);
    if (!/^[A-Z0-9]{4}$/.test(id)) break;
    const size = readSynchsafe(mp3, offset + 4);
    const body = mp3.subarray(offset + 10, Math.min(end, offset + 10 + size));
    if (id === 'TXXX' && body[0] === utf8) {
      const separator = body.indexOf(0, 1);
      if (separator > 0 && body.toString('utf8', 1, separator) === textDescription) {
        text = body.toString('utf8', separator + 1);
      }
    } else if (id === 'TLEN' && body[0] === utf8) {
      const value = Number(body.toString('utf8', 1));
      durationMs = Number.isFinite(value) ? value : null;
    }
    offset += 10 + size;
  }
  return text === null ? null : { text, durationMs };
}

export type AudioKind = 'wav' | 'mp3' | 'ogg' | 'webm' | 'flac' | 'm4a';

/** What audio a file holds, by its signature (null: not audio the service takes). */
export function audioKindOf(file: Buffer): AudioKind | null {
  const ascii = (start: number, end: number) => file.toString('ascii', start, end);
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  if (file.length > 1 && file[0] === 0xff && ((file[1] ?? 0) & 0xe0) === 0xe0) return 'mp3';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (file.length >= 4 && file.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(4, 8) === 'ftyp') return 'm4a';
  return null;
}
