import OpusScript from 'opusscript';
import { describe, expect, it } from 'vitest';
import {
  encodeOggOpus,
  oggCrc32,
  opusPreSkip,
  opusSampleRate,
  readOggPages,
} from '../src/domains/providers/speech/ogg-opus.ts';
import { resampleMono, toMono } from '../src/domains/providers/speech/pcm.ts';
import type { PcmAudio } from '../src/domains/providers/speech/wav.ts';
import { encodeClip, joinParts, sentenceGapMs } from '../src/domains/voice/voice-audio.ts';
import { readMp3, readWavFile } from './support/audio-checks.ts';

/** A sine tone: `seconds` of `hz` at `sampleRate`, mono, at a third of full scale. */
function tone(hz: number, seconds: number, sampleRate: number): PcmAudio {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = Math.round(10_000 * Math.sin((2 * Math.PI * hz * index) / sampleRate));
  }
  return { sampleRate, channels: 1, samples };
}

/** How alike two signals are (1: the same shape), over their common length. */
function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const length = Math.min(a.length, b.length);
  let product = 0;
  let energyA = 0;
  let energyB = 0;
  for (let index = 0; index < length; index += 1) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    product += x * y;
    energyA += x * x;
    energyB += y * y;
  }
  return product / Math.sqrt(energyA * energyB || 1);
}

describe('Ogg Opus', () => {
  it('writes pages that parse back: capture patterns, sequence, flags, CRCs, headers', async () => {
    const input = tone(220, 2.5, 22_050);
    const file = await encodeOggOpus(input);
    const pages = readOggPages(file);
    expect(pages.length).toBeGreaterThan(3);

    const serial = pages[0]?.serial;
    pages.forEach((page, index) => {
      expect(page.sequence, `page ${index}`).toBe(index);
      expect(page.serial).toBe(serial);
      expect(page.crc.computed, `page ${index} CRC`).toBe(page.crc.written);
    });
    // Beginning of stream on the first page only, end of stream on the last only.
    expect(pages.map((page) => page.flags & 0x02)).toEqual([0x02, ...pages.slice(1).map(() => 0)]);
    expect(pages.map((page) => page.flags & 0x04)).toEqual([
      ...pages.slice(0, -1).map(() => 0),
      0x04,
    ]);

    const [head, tags] = pages;
    expect(head?.packets).toHaveLength(1);
    const opusHead = head?.packets[0] ?? Buffer.alloc(0);
    expect(opusHead.toString('ascii', 0, 8)).toBe('OpusHead');
    expect(opusHead.readUInt8(8), 'version').toBe(1);
    expect(opusHead.readUInt8(9), 'channels').toBe(1);
    expect(opusHead.readUInt16LE(10), 'pre-skip').toBe(opusPreSkip);
    expect(opusHead.readUInt32LE(12), 'input rate').toBe(22_050);
    expect(opusHead.readUInt8(18), 'mapping family').toBe(0);
    expect(head?.granule).toBe(0n);
    expect(tags?.packets[0]?.toString('ascii', 0, 8)).toBe('OpusTags');
    expect(tags?.granule).toBe(0n);

    // Granules grow page by page; the last is the input's length at 48 kHz after the pre-skip.
    const granules = pages.slice(2).map((page) => page.granule);
    for (let index = 1; index < granules.length; index += 1) {
      expect(granules[index]).toBeGreaterThan(granules[index - 1] ?? 0n);
    }
    const last = pages.at(-1)?.granule ?? 0n;
    expect(last - BigInt(opusPreSkip)).toBe(BigInt(Math.round(2.5 * opusSampleRate)));
    // 20 ms packets: enough of them to cover the input and the pre-skip.
    const packets = pages.slice(2).flatMap((page) => page.packets);
    expect(packets.length).toBe(Math.ceil((2.5 * opusSampleRate + opusPreSkip) / 960));
  });

  it('decodes back to the same sound (libopus round trip)', async () => {
    const input = tone(440, 1, opusSampleRate);
    const pages = readOggPages(await encodeOggOpus(input));
    const decoder = new OpusScript(opusSampleRate, 1, OpusScript.Application.AUDIO);
    const decoded: number[] = [];
    try {
      for (const packet of pages.slice(2).flatMap((page) => page.packets)) {
        const pcm = decoder.decode(packet);
        for (let offset = 0; offset + 1 < pcm.length; offset += 2) {
          decoded.push(pcm.readInt16LE(offset));
        }
      }
    } finally {
      decoder.delete();
    }
    // The decoder's first pre-skip samples are the encoder's look-ahead: a player drops them.
    const played = decoded.slice(opusPreSkip, opusPreSkip + input.samples.length);
    expect(played).toHaveLength(input.samples.length);
    expect(correlation(input.samples, played)).toBeGreaterThan(0.95);
  });

  it('keeps several encodes of different jobs apart when they overlap', async () => {
    const [low, high] = await Promise.all([
      encodeOggOpus(tone(200, 1.2, 16_000)),
      encodeOggOpus(tone(1000, 0.6, 24_000)),
    ]);
    for (const [file, seconds] of [
      [low, 1.2],
      [high, 0.6],
    ] as const) {
      const pages = readOggPages(file);
      expect(pages.every((page) => page.crc.computed === page.crc.written)).toBe(true);
      expect((pages.at(-1)?.granule ?? 0n) - BigInt(opusPreSkip)).toBe(
        BigInt(Math.round(seconds * opusSampleRate)),
      );
    }
  });

  it("computes Ogg's CRC-32 (polynomial 0x04C11DB7, not reflected)", () => {
    // The CRC-32/MPEG-2 family without its initial value and final xor: "123456789" → 0x89A1897F.
    expect(oggCrc32(Buffer.from('123456789', 'ascii'))).toBe(0x89a1897f);
    expect(oggCrc32(Buffer.alloc(0))).toBe(0);
  });
});

describe('PCM', () => {
  it('mixes channels down to one', () => {
    const stereo: PcmAudio = {
      sampleRate: 8000,
      channels: 2,
      samples: Int16Array.from([100, 300, -200, -400, 0, 10]),
    };
    expect([...toMono(stereo).samples]).toEqual([200, -300, 5]);
  });

  it('resamples keeping duration and shape', () => {
    const source = tone(300, 0.5, 22_050);
    const resampled = resampleMono(source, 48_000);
    expect(resampled.sampleRate).toBe(48_000);
    expect(resampled.samples.length).toBe(24_000);
    expect(correlation(resampled.samples, tone(300, 0.5, 48_000).samples)).toBeGreaterThan(0.99);
    expect(resampleMono(source, 22_050).samples).toBe(source.samples);
  });
});

describe('a clip from its parts', () => {
  it('joins the parts in order with a pause between sentences, at the highest rate', () => {
    const first = tone(200, 0.3, 16_000);
    const second = tone(400, 0.2, 22_050);
    const clip = joinParts([first, second]);
    expect(clip.sampleRate).toBe(22_050);
    const gap = Math.round((22_050 * sentenceGapMs) / 1000);
    const firstLength = Math.round(0.3 * 22_050);
    expect(clip.samples.length).toBe(firstLength + gap + Math.round(0.2 * 22_050));
    // The pause is silent, and the sounds around it are the parts'.
    expect(clip.samples.subarray(firstLength, firstLength + gap).every((s) => s === 0)).toBe(true);
    const secondPart = clip.samples.subarray(firstLength + gap);
    expect(correlation(secondPart, second.samples)).toBeGreaterThan(0.99);
    expect(() => joinParts([])).toThrow();
  });

  it('encodes each format the tool offers', async () => {
    const audio = joinParts([tone(220, 0.6, 22_050), tone(330, 0.4, 22_050)]);
    const seconds = audio.samples.length / audio.sampleRate;

    const wav = readWavFile(await encodeClip(audio, 'wav'));
    expect(wav.seconds).toBeCloseTo(seconds, 3);

    const mp3 = readMp3(await encodeClip(audio, 'mp3'));
    expect(mp3.frames).toBeGreaterThan(10);
    expect(mp3.seconds).toBeGreaterThanOrEqual(seconds);

    const ogg = readOggPages(await encodeClip(audio, 'ogg'));
    expect((ogg.at(-1)?.granule ?? 0n) - BigInt(opusPreSkip)).toBe(
      BigInt(Math.round(seconds * opusSampleRate)),
    );
  });
});
