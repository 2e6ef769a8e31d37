import { setImmediate } from 'node:timers/promises';
import OpusScript from 'opusscript';
import { resampleMono } from './pcm.ts';
import type { PcmAudio } from './wav.ts';

/**
 * PCM to Ogg Opus (RFC 7845), the `ogg` format of the voice tool: libopus through opusscript
 * (MIT, with libopus' BSD licence; compiled to WebAssembly, nothing native to install) and an
 * Ogg muxer of our own (RFC 3533). Speech is encoded mono at 48 kHz (the rate Opus is decoded at
 * whatever the input was) in 20 ms frames at 32 kbit/s, which keeps a voice clear at about a
 * third of the size of the same clip in MP3.
 */

/** Opus always runs its granule clock at 48 kHz. */
export const opusSampleRate = 48_000;
/** 20 ms: the frame size libopus is tuned for. */
const frameSamples = 960;
const bitrate = 32_000;
/**
 * Samples the decoder drops at the start: libopus' look-ahead at 48 kHz in the AUDIO application
 * (2.5 ms plus its 4 ms delay compensation), the value opusenc writes too.
 */
export const opusPreSkip = 312;
/** Packets per page: about a second of audio, so a player can seek without reading it all. */
const packetsPerPage = 50;
/** Frames encoded between two turns of the event loop (about 40 ms of work under load). */
const framesPerTurn = 100;

const vendor = 'AI Studio (libopus via opusscript)';

/** Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0, no final xor. */
const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let crc = index << 24;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    }
    table[index] = crc >>> 0;
  }
  return table;
})();

export function oggCrc32(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc = ((crc << 8) ^ (crcTable[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  }
  return crc >>> 0;
}

/** A page's header flags (a packet continued from the page before is never written here). */
const headerType = { firstPage: 0x02, lastPage: 0x04 } as const;

/** Writes the pages of one logical stream; each page holds whole packets only. */
function createOggWriter(serial: number) {
  const pages: Buffer[] = [];
  let sequence = 0;

  return {
    pages,
    /** One page of these packets, ending at `granule` (-1: no packet ends on it). */
    page(packets: Buffer[], granule: bigint, flags: number) {
      const lacing: number[] = [];
      for (const packet of packets) {
        // A packet is cut into 255-byte segments and ends with one shorter than 255 (maybe 0).
        for (let left = packet.length; ; left -= 255) {
          lacing.push(Math.min(left, 255));
          if (left < 255) break;
        }
      }
      if (lacing.length > 255) throw new Error('an Ogg page holds at most 255 segments');
      const header = Buffer.alloc(27 + lacing.length);
      header.write('OggS', 0, 'ascii');
      header.writeUInt8(0, 4);
      header.writeUInt8(flags, 5);
      header.writeBigInt64LE(granule, 6);
      header.writeUInt32LE(serial, 14);
      header.writeUInt32LE(sequence, 18);
      // CRC (22–25) is computed over the page with these four bytes zero.
      header.writeUInt8(lacing.length, 26);
      lacing.forEach((value, index) => header.writeUInt8(value, 27 + index));
      const page = Buffer.concat([header, ...packets]);
      page.writeUInt32LE(oggCrc32(page), 22);
      pages.push(page);
      sequence += 1;
    },
  };
}

function opusHead(channels: number, inputSampleRate: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head.writeUInt8(1, 8);
  head.writeUInt8(channels, 9);
  head.writeUInt16LE(opusPreSkip, 10);
  head.writeUInt32LE(inputSampleRate, 12);
  head.writeInt16LE(0, 16);
  // Channel mapping family 0: mono or stereo, no table.
  head.writeUInt8(0, 18);
  return head;
}

function opusTags(): Buffer {
  const vendorBytes = Buffer.from(vendor, 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendorBytes.length + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(vendorBytes.length, 8);
  vendorBytes.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendorBytes.length);
  return tags;
}

/**
 * Only one encoder lives at a time: opusscript keeps views on its WebAssembly memory, and a
 * second encoder's allocation may grow that memory and leave the first one's views detached.
 * Encodes of several jobs therefore take turns (each yields to the event loop as it goes).
 */
let turn: Promise<unknown> = Promise.resolve();

/**
 * Encodes PCM (any rate, any channel count; mixed down to mono) as an Ogg Opus file. The last
 * page's granule position is the pre-skip plus the input's length at 48 kHz, so a player plays
 * exactly the input's duration (the padding the encoder needed is trimmed).
 */
export function encodeOggOpus(audio: PcmAudio): Promise<Buffer> {
  const run = turn.then(() => encode(audio));
  turn = run.catch(() => undefined);
  return run;
}

async function encode(audio: PcmAudio): Promise<Buffer> {
  const mono = resampleMono(audio, opusSampleRate);
  const length = mono.samples.length;
  // Pre-skip more samples go in (zeros), so the encoder's delay does not cut the end off.
  const frames = Math.max(1, Math.ceil((length + opusPreSkip) / frameSamples));
  const input = new Int16Array(frames * frameSamples);
  input.set(mono.samples);

  const encoder = new OpusScript(opusSampleRate, 1, OpusScript.Application.AUDIO);
  const ogg = createOggWriter(randomSerial());
  try {
    encoder.setBitrate(bitrate);
    ogg.page([opusHead(1, audio.sampleRate)], 0n, headerType.firstPage);
    ogg.page([opusTags()], 0n, 0);
    const endGranule = BigInt(opusPreSkip + length);
    let packets: Buffer[] = [];
    let segments = 0;
    for (let frame = 0; frame < frames; frame += 1) {
      if (frame > 0 && frame % framesPerTurn === 0) await setImmediate();
      const pcm = input.subarray(frame * frameSamples, (frame + 1) * frameSamples);
      // opusscript takes the frame's bytes (16-bit little-endian, as Node's platforms store
      // them) and pairs them up again inside; the packet it returns is a copy.
      const packet = encoder.encode(
        Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength),
        frameSamples,
      );
      const packetSegments = Math.floor(packet.length / 255) + 1;
      if (segments + packetSegments > 255) {
        // The granule of a page is the sample count at the end of its last packet.
        ogg.page(packets, BigInt(frame * frameSamples), 0);
        packets = [];
        segments = 0;
      }
      packets.push(packet);
      segments += packetSegments;
      const last = frame === frames - 1;
      if (last) {
        ogg.page(packets, endGranule, headerType.lastPage);
      } else if (packets.length === packetsPerPage) {
        ogg.page(packets, BigInt((frame + 1) * frameSamples), 0);
        packets = [];
        segments = 0;
      }
    }
  } finally {
    encoder.delete();
  }
  return Buffer.concat(ogg.pages);
}

function randomSerial(): number {
  return Math.floor(Math.random() * 0xffffffff) >>> 0;
}

/** One page as read back (tests, and checking a file before it is kept). */
export interface OggPage {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  /** The CRC written in the page, and the one its bytes give. */
  crc: { written: number; computed: number };
  packets: Buffer[];
}

/** Reads every page of an Ogg file (packets joined across segments; none spans pages here). */
export function readOggPages(file: Buffer): OggPage[] {
  const pages: OggPage[] = [];
  let offset = 0;
  while (offset < file.length) {
    if (file.toString('ascii', offset, offset + 4) !== 'OggS') {
      throw new Error(`no Ogg page at byte ${offset}`);
    }
    const segments = file.readUInt8(offset + 26);
    const lacing = [...file.subarray(offset + 27, offset + 27 + segments)];
    const bodyStart = offset + 27 + segments;
    const bodyLength = lacing.reduce((sum, value) => sum + value, 0);
    const page = Buffer.from(file.subarray(offset, bodyStart + bodyLength));
    const written = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    const packets: Buffer[] = [];
    let start = bodyStart;
    let size = 0;
    for (const value of lacing) {
      size += value;
      if (value < 255) {
        packets.push(file.subarray(start, start + size));
        start += size;
        size = 0;
      }
    }
    pages.push({
      flags: file.readUInt8(offset + 5),
      granule: file.readBigInt64LE(offset + 6),
      serial: file.readUInt32LE(offset + 14),
      sequence: file.readUInt32LE(offset + 18),
      crc: { written, computed: oggCrc32(page) },
      packets,
    });
    offset = bodyStart + bodyLength;
  }
  return pages;
}
